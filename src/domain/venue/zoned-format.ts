/**
 * MM/DD/YYYY and MM/DD/YYYY h:mm A at a venue's wall clock, wherever the reader is: a guest abroad opening
 * their ticket sees the time the venue expects them. Pure.
 */
import { zonedParts } from './opening-hours';

export function formatZonedDateTime(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const p = zonedParts(instant, timeZone);
  const hour24 = Math.floor(p.minutes / 60) % 24;
  const minute = p.minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(p.month)}/${pad(p.day)}/${p.year} ${hour12}:${pad(minute)} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** MM/DD/YYYY of the instant at the zone's wall clock ('' for an invalid instant). */
export function formatZonedDate(iso: string, timeZone: string): string {
  return formatZonedDateTime(iso, timeZone).split(' ')[0] ?? '';
}
