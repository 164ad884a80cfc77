/**
 * The availability rules, shared by the schedule forms and the server so both refuse the same
 * input with the same message on the same field (product brief section 7, Availability and
 * exceptions). Times are wall-clock HH:MM in the business's time zone; days of the week are
 * 0 Sunday … 6 Saturday. A slot ends after it starts on the same day (no slot passes midnight);
 * its breaks lie inside it and do not overlap; two slots of one day do not overlap (the server
 * checks that against the stored slots, the form against the ones it shows).
 */
import * as z from 'zod/mini';
import { isCalendarDay } from '../calendar-day';
import { coveredChoiceField } from '../closures';
import { formatMessage, MESSAGES } from '../messages';

/** An exception covers at most this many days; open intervals are asked for at most this many. */
export const EXCEPTION_MAX_DAYS = 366;
export const OPEN_RANGE_MAX_DAYS = 62;
export const BREAKS_MAX = 6;
export const HOURS_MAX = 6;
export const NOTE_MAX = 200;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of an HH:MM text (NaN when it is not one). */
export const clockToMinutes = (clock: string) =>
  CLOCK.test(clock) ? Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5)) : Number.NaN;

/** HH:MM of minutes after midnight. */
export const minutesToClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Whole days from `from` to `to` (calendar arithmetic; negative when reversed). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const clockField = z.string({ error: MESSAGES.timeInvalid }).check(z.trim(), z.regex(CLOCK, MESSAGES.timeInvalid));
const dayField = z.string({ error: MESSAGES.dateInvalid }).check(
  z.trim(),
  z.refine((v: string) => isCalendarDay(v), MESSAGES.dateInvalid),
);

export interface ClockRange {
  start: string;
  end: string;
}

const rangeSchema = z.object({ start: clockField, end: clockField });

const overlaps = (a: ClockRange, b: ClockRange) =>
  clockToMinutes(a.start) < clockToMinutes(b.end) && clockToMinutes(b.start) < clockToMinutes(a.end);

const endsAfterStart = (r: ClockRange) => clockToMinutes(r.end) > clockToMinutes(r.start);

/** Issues of a list of ranges: each ends after it starts, none overlaps an earlier one. */
function rangeIssues(ranges: readonly ClockRange[], field: string, overlapMessage: string) {
  const issues: { path: (string | number)[]; message: string }[] = [];
  ranges.forEach((r, i) => {
    if (!endsAfterStart(r)) issues.push({ path: [field, i, 'end'], message: MESSAGES.slotEndsBeforeStart });
    else if (ranges.slice(0, i).some((o) => endsAfterStart(o) && overlaps(o, r)))
      issues.push({ path: [field, i, 'start'], message: overlapMessage });
  });
  return issues;
}

export const timeSlotSchema = z
  .object({
    dayOfWeek: z
      .number({ error: MESSAGES.dayOfWeekInvalid })
      .check(
        z.int(MESSAGES.dayOfWeekInvalid),
        z.gte(0, MESSAGES.dayOfWeekInvalid),
        z.lte(6, MESSAGES.dayOfWeekInvalid),
      ),
    start: clockField,
    end: clockField,
    breaks: z._default(
      z.array(rangeSchema).check(z.maxLength(BREAKS_MAX, formatMessage('tooLarge', { max: BREAKS_MAX }))),
      [],
    ),
  })
  .check(
    z.superRefine((slot, ctx) => {
      if (!endsAfterStart(slot)) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: MESSAGES.slotEndsBeforeStart, input: slot.end });
        return;
      }
      slot.breaks.forEach((b, i) => {
        if (
          endsAfterStart(b) &&
          (clockToMinutes(b.start) < clockToMinutes(slot.start) || clockToMinutes(b.end) > clockToMinutes(slot.end))
        )
          ctx.addIssue({ code: 'custom', path: ['breaks', i, 'start'], message: MESSAGES.breakOutsideSlot, input: b });
      });
      for (const issue of rangeIssues(slot.breaks, 'breaks', MESSAGES.breaksOverlap))
        ctx.addIssue({ code: 'custom', ...issue, input: slot.breaks });
    }),
  );
export type TimeSlotInput = z.infer<typeof timeSlotSchema>;

export interface TimeSlot extends ClockRange {
  id: string;
  dayOfWeek: number;
  breaks: ClockRange[];
}

/** The stored slot this one would overlap (same day, shared minutes), or null. `except`: the slot being edited. */
export function overlappingSlot<T extends { id?: string; dayOfWeek: number } & ClockRange>(
  slot: { dayOfWeek: number } & ClockRange,
  others: readonly T[],
  except?: string,
): T | null {
  return others.find((o) => o.id !== except && o.dayOfWeek === slot.dayOfWeek && overlaps(o, slot)) ?? null;
}

export const exceptionSchema = z
  .object({
    startDate: dayField,
    /** Absent: the exception covers the start date only. */
    endDate: z.optional(z.nullable(dayField)),
    /** True: closed all day(s). False: `hours` replace the weekly hours on these days. */
    closed: z.boolean({ error: MESSAGES.invalidValue }),
    hours: z._default(
      z.array(rangeSchema).check(z.maxLength(HOURS_MAX, formatMessage('tooLarge', { max: HOURS_MAX }))),
      [],
    ),
    note: z._default(
      z
        .string({ error: MESSAGES.mustBeText })
        .check(z.trim(), z.maxLength(NOTE_MAX, formatMessage('textTooLong', { max: NOTE_MAX }))),
      '',
    ),
    /** What to do with the bookings these days would cover (src/domain/closures.ts). */
    affected: coveredChoiceField,
  })
  .check(
    z.superRefine((e, ctx) => {
      const end = e.endDate ?? e.startDate;
      const days = daysBetween(e.startDate, end);
      if (days < 0)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES.exceptionRangeReversed, input: end });
      else if (days + 1 > EXCEPTION_MAX_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: formatMessage('exceptionRangeTooLong', { max: EXCEPTION_MAX_DAYS }),
          input: end,
        });
      if (e.closed) return;
      if (e.hours.length === 0)
        ctx.addIssue({ code: 'custom', path: ['hours'], message: MESSAGES.exceptionHoursRequired, input: e.hours });
      for (const issue of rangeIssues(e.hours, 'hours', MESSAGES.slotOverlaps))
        ctx.addIssue({ code: 'custom', ...issue, input: e.hours });
    }),
  );
export type ExceptionInput = z.input<typeof exceptionSchema>;

/**
 * An exception starts today or later: a past day changes nothing (its bookings are over), and a
 * date typed with last year's year was stored and listed as if it closed the day meant. `today`
 * is the business's day (its time zone), so the form and the server refuse the same dates with
 * the same message on the same field, as a venue's special dates do.
 */
export const exceptionPastError = (startDate: string, today: string) =>
  startDate < today ? { startDate: MESSAGES.specialDateInPast } : null;

export interface AvailabilityException {
  id: string;
  startDate: string;
  endDate: string;
  closed: boolean;
  hours: ClockRange[];
  note: string;
}

/** The stored exception whose days this one shares, or null. */
export function overlappingException<T extends { startDate: string; endDate: string }>(
  e: { startDate: string; endDate: string },
  others: readonly T[],
): T | null {
  return others.find((o) => o.startDate <= e.endDate && e.startDate <= o.endDate) ?? null;
}

/** GET open intervals: from and to are the business's days, both included. */
export const openIntervalsQuery = z.object({ from: dayField, to: dayField }).check(
  z.superRefine((q, ctx) => {
    const days = daysBetween(q.from, q.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.exceptionRangeReversed, input: q.to });
    else if (days + 1 > OPEN_RANGE_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: formatMessage('openRangeTooLong', { max: OPEN_RANGE_MAX_DAYS }),
        input: q.to,
      });
  }),
);
