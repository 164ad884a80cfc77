/**
 * The schedule's input rules (club_schedule_management), shared by the form and the server so
 * both say the same thing. Times are minutes after midnight (0–1439) in the business's time zone.
 */
import * as z from 'zod/mini';
import { isCalendarDay } from '../calendar-day';
import { coveredChoiceField } from '../closures';
import { MESSAGES } from '../messages';

const minutes = z
  .number({ error: MESSAGES.invalidValue })
  .check(z.int(MESSAGES.invalidValue), z.gte(0, MESSAGES.timeInvalid), z.lte(1439, MESSAGES.timeInvalid));

export const weeklyHoursSchema = z
  .object({
    weekday: z.number({ error: MESSAGES.invalidValue }).check(z.int(MESSAGES.invalidValue), z.gte(0), z.lte(6)),
    opensAt: minutes,
    closesAt: minutes,
  })
  .check(z.refine((h) => h.opensAt !== h.closesAt, { path: ['closesAt'], message: MESSAGES.closesWhenOpens }));

export const scheduleSchema = z.object({ hours: z.array(weeklyHoursSchema).check(z.maxLength(7)) }).check(
  z.refine((s) => new Set(s.hours.map((h) => h.weekday)).size === s.hours.length, {
    path: ['hours'],
    message: MESSAGES.weekdayTwice,
  }),
);
export type ScheduleInput = z.infer<typeof scheduleSchema>;

export const specialDateSchema = z
  .object({
    date: z.string({ error: MESSAGES.dateInvalid }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.dateInvalid)),
    closed: z.boolean({ error: MESSAGES.invalidValue }),
    opensAt: z.nullable(minutes),
    closesAt: z.nullable(minutes),
    note: z._default(z.string().check(z.trim(), z.maxLength(200, MESSAGES.tooLarge.replace('{{max}}', '200'))), ''),
    /** What to do with the reservations the date would cover (src/domain/closures.ts). */
    affected: coveredChoiceField,
  })
  .check(
    z.refine((s) => s.closed || (s.opensAt !== null && s.closesAt !== null), {
      path: ['opensAt'],
      message: MESSAGES.hoursRequired,
    }),
    z.refine((s) => s.closed || s.opensAt === null || s.opensAt !== s.closesAt, {
      path: ['closesAt'],
      message: MESSAGES.closesWhenOpens,
    }),
    z.refine((s) => isCalendarDay(s.date), {
      path: ['date'],
      message: MESSAGES.dateInvalid,
    }),
  );
export type SpecialDateInput = z.infer<typeof specialDateSchema>;

/**
 * A special date is for a night still to come: a past one changes nothing (the night is over)
 * and would not even be listed. `today` is the venue's day (the business's time zone), so the
 * form and the server refuse the same dates with the same message on the same field.
 */
export const specialDatePastError = (date: string, today: string) =>
  date < today ? { date: MESSAGES.specialDateInPast } : null;

/** IANA zones this runtime knows (Node and every current browser list them). */
export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0 && value.length <= 64;
  } catch {
    return false;
  }
};

export const timeZoneSchema = z.object({
  timeZone: z.string({ error: MESSAGES.timeZoneInvalid }).check(z.refine(isTimeZone, MESSAGES.timeZoneInvalid)),
});
