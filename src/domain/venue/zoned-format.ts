/**
 * The one writer of date and time text (product brief section 9: MM/DD/YYYY, MM/DD/YYYY h:mm A,
 * en-US in every language), for both sides: the screens reach it through src/ui/format.ts, which
 * picks the zone by docs/architecture.md ("Which clock a moment is shown on"); the server's
 * messages call it with the business's zone. Built from numbers, never from a locale's own
 * spacing ("9:00 AM" is the same in Node and every browser). Pure.
 */
import { zonedParts } from './opening-hours';

const two = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY of a calendar day's numbers (month 1–12). */
export const dateText = (year: number, month: number, day: number) =>
  `${two(month)}/${two(day)}/${String(year).padStart(4, '0')}`;

/**
 * h:mm A of minutes after midnight: 0 → 12:00 AM, 570 → 9:30 AM, 1439 → 11:59 PM; with seconds
 * given, h:mm:ss A (570, 5 → 9:30:05 AM).
 */
export function clockText(minutes: number, seconds?: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const tail = seconds === undefined ? '' : `:${two(seconds)}`;
  return `${h % 12 || 12}:${two(minutes % 60)}${tail} ${h < 12 ? 'AM' : 'PM'}`;
}

/** h:mm A of a time of day written HH:MM or H:MM (seconds ignored); anything else as it is given. */
export function clockTime(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(hhmm.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return hhmm;
  return clockText(Number(m[1]) * 60 + Number(m[2]));
}

/** MM/DD/YYYY h:mm A of the instant at the zone's wall clock ('' for an invalid instant). */
export function formatZonedDateTime(iso: string | number, timeZone: string): string {
  const instant = typeof iso === 'number' ? iso : Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const p = zonedParts(instant, timeZone);
  return `${dateText(p.year, p.month, p.day)} ${clockText(p.minutes)}`;
}

/** MM/DD/YYYY of the instant at the zone's wall clock ('' for an invalid instant). */
export function formatZonedDate(iso: string | number, timeZone: string): string {
  return formatZonedDateTime(iso, timeZone).split(' ')[0] ?? '';
}

const names = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at an instant, as en-US writes it: EST or EDT for America/New_York
 * (it changes with daylight saving), GMT+1 for a zone without a common abbreviation.
 */
export function zoneShortName(instant: number, timeZone: string): string {
  let f = names.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    names.set(timeZone, f);
  }
  return f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}
