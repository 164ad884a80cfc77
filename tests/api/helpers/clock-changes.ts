/**
 * The days New York's clocks change in the year after the one `now` is in, as YYYY-MM-DD: always
 * ahead of the clock, so a test that schedules something at them is not refused as "already
 * passed" once a fixed year's change is over (a test that typed 2027's days broke on 11/07/2027).
 * US rule since 2007: forward on March's second Sunday at 2:00 AM, back on November's first.
 */
import { zonedDay } from '../../../src/domain/venue/opening-hours';

export function nextYearClockChanges(now = Date.now()): { forward: string; back: string } {
  const year = Number(zonedDay(now, 'America/New_York').slice(0, 4)) + 1;
  const sunday = (month: number, nth: number) => {
    const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    const day = 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  };
  return { forward: sunday(3, 2), back: sunday(11, 1) };
}

/** YYYY-MM-DD as a person types it in the app's date fields (MM/DD/YYYY). */
export const typedDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
