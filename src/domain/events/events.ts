/**
 * A venue's events (club_event_management): the API paths and the rules the form and the
 * server share. Prices are typed in US dollars and kept in cents; times travel as ISO 8601
 * instants. "Not in the past" needs the clock, so it is checked by `eventTimesProblem` with the
 * caller's `now` (the form's clock, the server's clock).
 */
import * as z from 'zod/mini';
import { emailField } from '../schemas/common';
import { wholeNumberType } from '../schemas/whole-number';
import { isCalendarInstant } from '../calendar-day';
import { formatMessage, MESSAGES } from '../messages';
import { decimalNumberType } from '../schemas/typed-number';
import { pickedRecordId, recordIdSchema } from '../schemas/record-id';

export const EVENTS_API = {
  /** GET ?businessId=&month=&year= */
  list: '/api/Events',
  /** GET ?businessId=&venueId=: the venue's next events (not over, not cancelled), soonest first */
  upcoming: '/api/Events/upcoming',
  add: '/api/Events/add-event',
  /** GET, PUT, DELETE (cancel) */
  one: '/api/Events/:id',
  /** POST issue, GET list */
  tickets: '/api/Events/:id/tickets',
} as const;

export const EVENT_LIMITS = {
  nameMax: 200,
  descriptionMax: 5000,
  typesMax: 20,
  /** An event lasts at most this long (a festival weekend), and starts within two years. */
  maxDurationMs: 7 * 24 * 3600_000,
  maxAheadMs: 2 * 366 * 24 * 3600_000,
  maxPriceUsd: 100_000,
  maxQuantity: 100_000,
} as const;

const text = (max: number, required: boolean) =>
  z
    .string({ error: MESSAGES.mustBeText })
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, MESSAGES.fieldRequired)] : []),
      z.maxLength(max, formatMessage('textTooLong', { max })),
    );
/** A start or end: left empty (the form sends '', an API caller may leave it out) it is asked for. */
const instant = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.fieldRequired : MESSAGES.dateInvalid) })
  .check(
    z.minLength(1, MESSAGES.fieldRequired),
    z.refine((v) => v === '' || isCalendarInstant(v), MESSAGES.dateInvalid),
  );

/** Both times are given, so comparing them means something (an empty one is asked for on its own). */
const bothTimes = (e: { startsAt: string; endsAt: string }) => e.startsAt !== '' && e.endsAt !== '';

export const ticketTypeSchema = z.object({
  /** An existing type's id when editing; absent for a new type. */
  id: z.optional(recordIdSchema),
  name: text(100, true),
  /** US dollars, at most two decimals. */
  price: decimalNumberType(MESSAGES.mustBeNumber).check(
    z.gte(0, formatMessage('tooSmall', { min: 0 })),
    z.lte(EVENT_LIMITS.maxPriceUsd, formatMessage('tooLarge', { max: EVENT_LIMITS.maxPriceUsd })),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, MESSAGES.priceCents),
  ),
  /** How many tickets of the type: a whole number, so typed text asks for one (wholeNumberType). */
  quantity: wholeNumberType(MESSAGES.mustBeNumber).check(
    z.int(MESSAGES.mustBeInteger),
    z.gte(1, MESSAGES.mustBePositive),
    z.lte(EVENT_LIMITS.maxQuantity, formatMessage('tooLarge', { max: EVENT_LIMITS.maxQuantity })),
  ),
});

export const eventSchema = z
  .object({
    venueId: recordIdSchema,
    name: text(EVENT_LIMITS.nameMax, true),
    description: z.optional(text(EVENT_LIMITS.descriptionMax, false)),
    startsAt: instant,
    endsAt: instant,
    ticketTypes: z
      .array(ticketTypeSchema, { error: MESSAGES.ticketTypesRequired })
      .check(
        z.minLength(1, MESSAGES.ticketTypesRequired),
        z.maxLength(EVENT_LIMITS.typesMax, formatMessage('tooLarge', { max: EVENT_LIMITS.typesMax })),
      ),
  })
  .check(
    z.refine((e) => !bothTimes(e) || Date.parse(e.endsAt) > Date.parse(e.startsAt), {
      path: ['endsAt'],
      message: MESSAGES.eventEndsBeforeStart,
    }),
    z.refine((e) => !bothTimes(e) || Date.parse(e.endsAt) - Date.parse(e.startsAt) <= EVENT_LIMITS.maxDurationMs, {
      path: ['endsAt'],
      message: MESSAGES.eventTooLong,
    }),
  );
export type EventInput = z.infer<typeof eventSchema>;

/** The clock-dependent rules: field → message, empty when fine. */
export function eventTimesProblem(input: { startsAt: string }, now: number, creating: boolean): Record<string, string> {
  const start = Date.parse(input.startsAt);
  if (creating && start < now) return { startsAt: MESSAGES.eventInPast };
  if (start > now + EVENT_LIMITS.maxAheadMs) return { startsAt: MESSAGES.eventTooFar };
  return {};
}

export const issueTicketSchema = z.object({
  ticketTypeId: pickedRecordId(MESSAGES.optionInvalid),
  guestName: text(100, true),
  guestEmail: emailField,
});
export type IssueTicketInput = z.infer<typeof issueTicketSchema>;
