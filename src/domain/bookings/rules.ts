/**
 * A booking's rules (calendar_management), shared by the booking form and the server so both
 * refuse the same input with the same message on the same field. The schema holds what the
 * values alone tell; `bookingRuleErrors` holds what needs the clock and the business's open
 * intervals (src/domain/availability/open-intervals.ts). Whether another booking holds the time
 * is the server's alone, decided inside the transaction that writes (a 409, not a field error).
 *
 * Reading (stated in server/modules/bookings): a business serves one booking at a time (one crew,
 * one desk), so any overlap of two confirmed bookings is a double booking; a booking lies inside
 * one open interval of the business (its weekly hours minus breaks, exceptions applied).
 */
import * as z from 'zod/mini';
import { DURATION_MINUTES } from '../products/catalogue';
import { daysBetween } from '../availability/rules';
import { isCalendarDay, isCalendarInstant } from '../calendar-day';
import type { UtcInterval } from '../availability/open-intervals';
import { formatMessage, MESSAGES } from '../messages';
import { isValidPhone, normalizePhone } from '../phone';
import { recordIdSchema } from '../schemas/record-id';

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Free slots start on this grid (minutes after the open interval's start); a drag snaps to it. */
export const SLOT_STEP_MINUTES = 15;
/** The calendar's range and the free-slot search span at most this many days. */
export const BOOKING_RANGE_MAX_DAYS = 62;
export const NOTES_MAX = 1000;
export const NAME_MAX = 100;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An ISO instant on a real calendar day (02/30 is refused, not rolled over to March). */
export const isInstant = isCalendarInstant;

const instantField = z
  .string({ error: MESSAGES.startsAtInvalid })
  .check(z.trim(), z.refine(isInstant, MESSAGES.startsAtInvalid));

const durationMessage = formatMessage('bookingDurationRange', DURATION_MINUTES);

const timesSchema = z.object({ startsAt: instantField, endsAt: instantField });

/** End after start, for the schema of a new booking and of a reschedule. */
const endsAfterStart = z.superRefine((b: { startsAt: string; endsAt: string }, ctx) => {
  if (Date.parse(b.endsAt) <= Date.parse(b.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: MESSAGES.bookingEndsBeforeStart, input: b.endsAt });
});

export const bookingSchema = z
  .object({
    /** A product or service of the business's catalogue; none for a booking of the business's time alone. */
    productId: z.optional(z.nullable(recordIdSchema)),
    startsAt: instantField,
    endsAt: instantField,
    customerName: z
      .string({ error: MESSAGES.customerNameRequired })
      .check(z.trim(), z.minLength(1, MESSAGES.customerNameRequired), z.maxLength(NAME_MAX, MESSAGES.nameTooLong)),
    /** Optional; the confirmation mail goes here. */
    customerEmail: z._default(
      z.string({ error: MESSAGES.emailInvalid }).check(
        z.trim(),
        z.maxLength(254, MESSAGES.emailInvalid),
        z.refine((v) => v === '' || EMAIL.test(v), MESSAGES.emailInvalid),
      ),
      '',
    ),
    /** Optional; stored as E.164. */
    customerPhone: z._default(
      z.pipe(
        z.string({ error: MESSAGES.phoneInvalid }).check(
          z.trim(),
          z.refine((v) => v === '' || isValidPhone(v), MESSAGES.phoneInvalid),
        ),
        z.transform((v: string) => (v === '' ? '' : normalizePhone(v)!)),
      ),
      '',
    ),
    notes: z._default(
      z
        .string({ error: MESSAGES.mustBeText })
        .check(z.trim(), z.maxLength(NOTES_MAX, formatMessage('textTooLong', { max: NOTES_MAX }))),
      '',
    ),
  })
  .check(endsAfterStart);
export type BookingInput = z.infer<typeof bookingSchema>;

export const rescheduleSchema = timesSchema.check(endsAfterStart);
export type RescheduleInput = z.infer<typeof rescheduleSchema>;

const dayField = z.string({ error: MESSAGES.dateInvalid }).check(
  z.trim(),
  z.refine((v: string) => isCalendarDay(v), MESSAGES.dateInvalid),
);

/** `days`: from `from` to `to`; `span`: how many days that covers (an open range: the same; days both included: one more). */
function rangeIssue(
  days: number,
  span: number,
  ctx: { addIssue: (i: { code: 'custom'; path: string[]; message: string; input: unknown }) => void },
  to: unknown,
) {
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.exceptionRangeReversed, input: to });
  else if (span > BOOKING_RANGE_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: formatMessage('bookingRangeInvalid', { max: BOOKING_RANGE_MAX_DAYS }),
      input: to,
    });
}

/** GET bookings: the calendar's visible range, two instants (from included, to excluded). */
export const bookingRangeQuery = z.object({ from: instantField, to: instantField }).check(
  z.superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    rangeIssue(days, days, ctx, q.to);
  }),
);

/** GET free slots: the business's days from…to (both included), and a service or a duration. */
export const freeSlotsQuery = z
  .object({
    from: dayField,
    to: dayField,
    productId: z.optional(recordIdSchema),
    durationMinutes: z.optional(
      z.coerce
        .number({ error: durationMessage })
        .check(
          z.int(durationMessage),
          z.gte(DURATION_MINUTES.min, durationMessage),
          z.lte(DURATION_MINUTES.max, durationMessage),
        ),
    ),
  })
  .check(
    z.superRefine((q, ctx) => {
      const days = daysBetween(q.from, q.to);
      rangeIssue(days, days + 1, ctx, q.to);
      if (!q.productId && q.durationMinutes === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['productId'],
          message: MESSAGES.bookingNeedsDuration,
          input: q.productId,
        });
    }),
  );
export type FreeSlotsQuery = z.infer<typeof freeSlotsQuery>;

export interface Interval {
  start: number;
  end: number;
}

/** True when start…end lies wholly inside one open interval. */
export const insideOpen = (start: number, end: number, open: readonly Interval[]) =>
  open.some((i) => i.start <= start && end <= i.end);

/** True when two half-open intervals share time (one ending as the other starts does not). */
export const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * What the clock and the business's open intervals say about a (schema-valid) booking's time:
 * field → message, empty when it may be booked (the server then checks the other bookings).
 */
export function bookingRuleErrors(
  times: { startsAt: string; endsAt: string },
  ctx: { now: number; open: readonly Interval[] },
): Record<string, string> {
  const start = Date.parse(times.startsAt);
  const end = Date.parse(times.endsAt);
  if (end <= start) return { endsAt: MESSAGES.bookingEndsBeforeStart };
  if (start < ctx.now) return { startsAt: MESSAGES.bookingInPast };
  if (!insideOpen(start, end, ctx.open)) return { startsAt: MESSAGES.bookingOutsideAvailability };
  return {};
}

/**
 * The starts a booking of `durationMs` can take: inside the open intervals, clear of every busy
 * interval, on a 15-minute grid counted from each open interval's start, not before `notBefore`.
 * `busy` must be sorted by start (the server reads it so). Linear in intervals + busy + starts.
 */
export function freeStarts(
  open: readonly UtcInterval[],
  busy: readonly Interval[],
  durationMs: number,
  notBefore: number,
  stepMs = SLOT_STEP_MINUTES * 60_000,
): number[] {
  const out: number[] = [];
  let b = 0;
  for (const interval of open) {
    // Busy intervals that ended before this one began can never matter again.
    while (b < busy.length && busy[b]!.end <= interval.start) b++;
    let t = interval.start;
    let k = b;
    while (t + durationMs <= interval.end) {
      while (k < busy.length && busy[k]!.end <= t) k++;
      const next = busy[k];
      if (next && next.start < t + durationMs) {
        // Jump past this booking, onto the grid.
        t = interval.start + Math.ceil((next.end - interval.start) / stepMs) * stepMs;
        continue;
      }
      if (t >= notBefore) out.push(t);
      t += stepMs;
    }
  }
  return out;
}
