/**
 * What closed days or other hours became, as a mail says it to the people booked on them
 * ('booking-hours-changed', 'reservation-hours-changed'): "closed on Friday, 12/25/2026",
 * "open only 10:00 AM – 2:00 PM from … to …", "closed on the night of …" for a venue's night
 * (src/domain/venue/venue-night.ts), with the owner's note after it. Dates and times as every mail
 * writes them (mail-time.ts): MM/DD/YYYY and h:mm A in both languages, the weekday in the mail's.
 */
import type { PlatformMailLocale } from './kinds';
import { clockTime } from './mail-time';

export interface HoursChange {
  startDate: string;
  endDate: string;
  closed: boolean;
  /** The hours the days keep, 'HH:MM' each, when they are not closed. */
  hours: readonly { start: string; end: string }[];
  note: string | null;
  /** A venue's night (it runs past midnight) rather than a calendar day. */
  night?: boolean;
}

const dayText = (day: string, locale: PlatformMailLocale) => {
  const [y, m, d] = day.split('-');
  const weekday = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  return `${weekday}, ${m}/${d}/${y}`;
};

const WORDS = {
  en: {
    closed: 'closed',
    openOnly: 'open only',
    range: (from: string, to: string) => `${from} – ${to}`,
    join: ', ',
    on: (day: string, night: boolean) => (night ? `on the night of ${day}` : `on ${day}`),
    span: (from: string, to: string) => `from ${from} to ${to}`,
  },
  es: {
    closed: 'cerrado',
    openOnly: 'abierto solo',
    range: (from: string, to: string) => `de ${from} a ${to}`,
    join: ' y ',
    on: (day: string, night: boolean) => (night ? `la noche del ${day}` : `el ${day}`),
    span: (from: string, to: string) => `del ${from} al ${to}`,
  },
} as const;

export function hoursChangeText(change: HoursChange, locale: PlatformMailLocale): string {
  const w = WORDS[locale];
  const days =
    change.startDate === change.endDate
      ? w.on(dayText(change.startDate, locale), change.night ?? false)
      : w.span(dayText(change.startDate, locale), dayText(change.endDate, locale));
  const what =
    change.closed || change.hours.length === 0
      ? `${w.closed} ${days}`
      : `${w.openOnly} ${change.hours.map((h) => w.range(clockTime(h.start), clockTime(h.end))).join(w.join)} ${days}`;
  return change.note ? `${what} (${change.note})` : what;
}
