/**
 * Dates and times in mails, as the screens show them (product brief section 9): MM/DD/YYYY and
 * h:mm A in both languages (the Spanish UI keeps the en-US formats), the weekday in the mail's
 * language, and the zone named, since the reader may be elsewhere. Built from Intl's parts, so
 * the text never depends on how a Node's ICU spaces "9:00 AM".
 */
import type { PlatformMailLocale } from './kinds';

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function partsOf(instant: Date, timeZone: string): Parts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(instant);
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/** 9:00 AM from a time of day written 09:00 or 9:00 (a quote's start time), as it is given otherwise. */
export function clockTime(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(hhmm.trim());
  if (!m) return hhmm;
  const hour = Number(m[1]);
  if (hour > 23) return hhmm;
  return `${hour % 12 || 12}:${m[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The instant at the business's clock: "Thursday, 12/24/2026, 7:30 PM EST" ("jueves, …" in
 * Spanish). `weekday` and `zone` may be left out where the mail says them otherwise.
 */
export function mailWhen(
  instant: Date,
  timeZone: string,
  locale: PlatformMailLocale,
  show: { weekday?: boolean; zone?: boolean } = {},
): string {
  const p = partsOf(instant, timeZone);
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long' }).format(instant);
  const text = `${p.month}/${p.day}/${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
  return `${show.weekday === false ? '' : `${weekday}, `}${text}${show.zone === false ? '' : ` ${p.timeZoneName}`}`;
}
