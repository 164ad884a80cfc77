/**
 * Dates and times in mails, as the screens show them (product brief section 9): MM/DD/YYYY and
 * h:mm A in both languages (the Spanish UI keeps the en-US formats), the weekday in the mail's
 * language, and the zone named, since the reader may be elsewhere. Written by the screens' own
 * writer (../venue/zoned-format.ts), so the text never depends on how a Node's ICU spaces "9:00 AM".
 */
import { zonedParts } from '../venue/opening-hours';
import { clockText, dateText, zoneShortName } from '../venue/zoned-format';
import type { PlatformMailLocale } from './kinds';

/** 9:00 AM from a time of day written 09:00 or 9:00 (a quote's start time): the screens' writer. */
export { clockTime } from '../venue/zoned-format';

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
  const p = zonedParts(instant.getTime(), timeZone);
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long' }).format(instant);
  const text = `${dateText(p.year, p.month, p.day)}, ${clockText(p.minutes)}`;
  const zone = show.zone === false ? '' : ` ${zoneShortName(instant.getTime(), timeZone)}`;
  return `${show.weekday === false ? '' : `${weekday}, `}${text}${zone}`;
}
