/**
 * A reservation's rules (reservation_management), shared by the form and the server so both say
 * the same thing. The schema holds what a value alone can tell; `reservationRuleErrors` holds
 * what needs the clock, the opening hours and the floor plan (the server runs both; the form
 * runs what it knows). Availability — whether another reservation holds a table — is the
 * server's alone, decided inside the transaction that writes.
 */
import * as z from 'zod/mini';
import { isCalendarInstant } from '../calendar-day';
import { formatMessage, MESSAGES } from '../messages';
import { isValidPhone } from '../phone';
import { nightCovering, type SpecialDate, type WeeklyHours } from '../venue/opening-hours';
import { venueNightAt, type VenueSchedule } from '../venue/venue-night';
import { formatZonedDateTime } from '../venue/zoned-format';

export const RESERVATION_STATUSES = ['booked', 'seated', 'paid', 'cancelled', 'no_show'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The statuses PATCH …/status sets, and what each may follow. Cancelling is DELETE. */
export const STATUS_CHANGES = ['seated', 'paid', 'no_show'] as const;
export type StatusChange = (typeof STATUS_CHANGES)[number];
export const STATUS_FOLLOWS: Record<StatusChange, readonly ReservationStatus[]> = {
  seated: ['booked'],
  paid: ['seated'],
  no_show: ['booked'],
};

/** Statuses that hold their tables (a cancelled or no-show reservation frees them). */
export const HOLDING_STATUSES: readonly ReservationStatus[] = ['booked', 'seated', 'paid'];
/** Statuses whose details may still change. */
export const OPEN_STATUSES: readonly ReservationStatus[] = ['booked', 'seated'];

/** A table's live state on the floor plan. */
export const TABLE_STATES = ['free', 'reserved', 'seated', 'paid'] as const;
export type TableState = (typeof TABLE_STATES)[number];
export const tableStateOf = (status: ReservationStatus): TableState =>
  status === 'seated' ? 'seated' : status === 'paid' ? 'paid' : 'reserved';

export const MIN_DURATION = 30;
export const MAX_DURATION = 12 * 60;
export const MAX_PARTY = 500;
export const MAX_TABLES = 20;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));

export const reservationSchema = z.object({
  guestName: z
    .string({ error: MESSAGES.guestNameRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.guestNameRequired), z.maxLength(100, MESSAGES.nameTooLong)),
  guestPhone: z
    .string({ error: MESSAGES.guestPhoneRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.guestPhoneRequired), z.refine(isValidPhone, MESSAGES.phoneInvalid)),
  guestEmail: z._default(
    z.string({ error: MESSAGES.emailInvalid }).check(
      z.trim(),
      z.maxLength(254, MESSAGES.emailInvalid),
      z.refine((v) => v === '' || EMAIL.test(v), MESSAGES.emailInvalid),
    ),
    '',
  ),
  partySize: whole(MESSAGES.partySizeRange, 1, MAX_PARTY),
  startsAt: z.string({ error: MESSAGES.startsAtInvalid }).check(z.refine(isCalendarInstant, MESSAGES.startsAtInvalid)),
  durationMinutes: whole(MESSAGES.durationRange, MIN_DURATION, MAX_DURATION),
  tableIds: z
    .array(z.string({ error: MESSAGES.tablesRequired }).check(z.minLength(1), z.maxLength(64)), {
      error: MESSAGES.tablesRequired,
    })
    .check(
      z.minLength(1, MESSAGES.tablesRequired),
      z.maxLength(MAX_TABLES, MESSAGES.tooLarge.replace('{{max}}', String(MAX_TABLES))),
      z.refine((ids) => new Set(ids).size === ids.length, MESSAGES.tableTwice),
    ),
  notes: z._default(
    z
      .string({ error: MESSAGES.mustBeText })
      .check(z.trim(), z.maxLength(500, MESSAGES.textTooLong.replace('{{max}}', '500'))),
    '',
  ),
});
export type ReservationInput = z.infer<typeof reservationSchema>;

export const statusChangeSchema = z.object({
  status: z.enum(STATUS_CHANGES, { error: MESSAGES.optionInvalid }),
});

/** A table of the saved floor plan, as reservations see it. */
export interface PlanTable {
  id: string;
  name: string;
  places: number;
  /** False when the floor plan marks the table as not taking reservations. */
  isAvailable: boolean;
}

export interface RuleContext {
  now: number;
  timeZone: string;
  hours: readonly WeeklyHours[];
  specialDates: readonly SpecialDate[];
  /** The saved floor plan's tables; null when the venue has none. */
  tables: readonly PlanTable[] | null;
}

/**
 * What the clock, the opening hours and the floor plan say about a (schema-valid) reservation:
 * field → message, empty when it may be booked. `keepStart` skips the "not in the past" rule for
 * an edit that keeps its start (a seated party's notes can change after it began).
 */
export function reservationRuleErrors(
  input: Pick<ReservationInput, 'startsAt' | 'durationMinutes' | 'partySize' | 'tableIds'>,
  ctx: RuleContext,
  keepStart = false,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const start = Date.parse(input.startsAt);
  const end = start + input.durationMinutes * 60_000;
  const hours = stayHoursError(start, end, ctx);
  if (!keepStart && start < ctx.now) errors.startsAt = MESSAGES.reservationInPast;
  else if (hours) errors.startsAt = hours;
  if (!ctx.tables) {
    errors.tableIds = MESSAGES.floorPlanMissing;
    return errors;
  }
  const byId = new Map(ctx.tables.map((t) => [t.id, t]));
  const unknown = input.tableIds.find((id) => !byId.has(id));
  if (unknown !== undefined) {
    errors.tableIds = formatMessage('tableUnknown', { table: unknown });
    return errors;
  }
  const closed = input.tableIds.map((id) => byId.get(id)!).find((t) => !t.isAvailable);
  if (closed) {
    errors.tableIds = formatMessage('tableUnavailable', { table: closed.name });
    return errors;
  }
  const places = input.tableIds.reduce((sum, id) => sum + byId.get(id)!.places, 0);
  if (input.partySize > places)
    errors.partySize = formatMessage('partyTooLarge', { partySize: input.partySize, places });
  return errors;
}

/** The end of a stay, as an ISO instant. */
export const endOf = (startsAt: string, durationMinutes: number) =>
  new Date(Date.parse(startsAt) + durationMinutes * 60_000).toISOString();

/**
 * Why the venue cannot take a stay from `start` to `end` (epoch ms), or null when it is open
 * throughout: closed that night (the venue's night the start is on, venue-night.ts), or open
 * but not for all of it, with that night's hours.
 */
export function stayHoursError(start: number, end: number, schedule: VenueSchedule): string | null {
  if (nightCovering(schedule.hours, schedule.specialDates, schedule.timeZone, start, end)) return null;
  const night = venueNightAt(start, schedule);
  if (!night.open) {
    const [y, m, d] = night.day.split('-');
    return formatMessage('reservationNightClosed', { date: `${m}/${d}/${y}` });
  }
  const time = (ms: number) =>
    formatZonedDateTime(new Date(ms).toISOString(), schedule.timeZone).split(' ').slice(1).join(' ');
  return formatMessage('reservationOutsideHours', { opens: time(night.open.start), closes: time(night.open.end) });
}
