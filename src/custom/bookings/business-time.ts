/**
 * The calendar reads every time on the BUSINESS's wall clock (its IANA zone), whatever zone this
 * device is in: a manager abroad sees the hours the customers come in, and the page says which
 * zone it shows. Days are YYYY-MM-DD in that zone; minutes are after its midnight.
 */
import { addDays, weekdayOf, zonedDay, zonedParts, zonedTimeToInstant } from '../../domain/venue/opening-hours';
import { formatDate, formatTime } from '../../ui/format';

export { addDays, weekdayOf, zonedDay };

/** Minutes after the business's midnight of an instant. */
export function minutesOf(instant: number, timeZone: string) {
  return zonedParts(instant, timeZone).minutes;
}

/** The instant of a business day's wall-clock minute. */
export const instantAt = (day: string, minutes: number, timeZone: string) => zonedTimeToInstant(day, minutes, timeZone);

/** The Monday that starts a day's week. */
export const mondayOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));

/** MM/DD/YYYY of a YYYY-MM-DD day. */
export const dayLabel = (day: string) => formatDate(day);

/** 9:30 AM of an instant on the business clock (the page names the zone once). */
export const timeLabel = (instant: number, timeZone: string) => formatTime(instant, timeZone);

const HOUR = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: 'UTC' });

/** "9 AM" of whole-hour minutes after midnight: the calendar's hour labels, like its times. */
export const hourLabel = (minutes: number) => HOUR.format(Date.UTC(2000, 0, 1, 0, minutes));

/** HH:MM of minutes (for time inputs). */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
