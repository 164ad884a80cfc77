import { zonedParts } from '../domain/venue/opening-hours';
import { clockText, dateText, zoneShortName } from '../domain/venue/zoned-format';

export type DateInput = string | number | Date | null | undefined;

/**
 * A date read as dayjs reads it (tests/unit/format.test.ts holds them equal), without dayjs: the
 * formatter is in nearly every first page and dayjs (~3.5 KB gzip) is otherwise needed only by
 * the date pickers, which load with their forms (docs/architecture.md, "The design card's packages"). A date or a
 * date and time without a zone ("2026-11-29", "2026-11-29 21:30") is a wall-clock value, as
 * typed in a form or stored as a calendar day: it is written as it reads, in any zone. A
 * timestamp with Z or an offset is an instant: written at the asked zone's wall clock, or this
 * device's when none is asked.
 */
const LOCAL = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

interface Wall {
  year: number;
  month: number;
  day: number;
  minutes: number;
  seconds: number;
  /** The instant it is a reading of; null for a wall-clock value (a calendar day, a typed time). */
  instant: number | null;
}

const wallOfDate = (date: Date, instant: number | null): Wall => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
  minutes: date.getHours() * 60 + date.getMinutes(),
  seconds: date.getSeconds(),
  instant,
});

function readWall(value: DateInput, timeZone?: string): Wall | null {
  if (value === null || value === undefined) return null;
  const local = typeof value === 'string' && !/z$/i.test(value) ? LOCAL.exec(value) : null;
  if (local) {
    // Through Date, so an overflowing field rolls over as dayjs rolls it (month 13 → next January).
    const date = new Date(
      Number(local[1]),
      Number(local[2] || 1) - 1,
      Number(local[3] || 1),
      Number(local[4] || 0),
      Number(local[5] || 0),
      Number(local[6] || 0),
      Number((local[7] || '0').substring(0, 3)),
    );
    return Number.isNaN(date.getTime()) ? null : wallOfDate(date, null);
  }
  const date = new Date(value);
  const instant = date.getTime();
  if (Number.isNaN(instant)) return null;
  if (!timeZone) return wallOfDate(date, instant);
  const p = zonedParts(instant, timeZone);
  return { year: p.year, month: p.month, day: p.day, minutes: p.minutes, seconds: p.seconds, instant };
}

/** MM/DD/YYYY (product brief section 9: DATE_FORMAT), or '' for a missing or invalid date. */
export function formatDate(value: DateInput, timeZone?: string): string {
  const w = readWall(value, timeZone);
  return w ? dateText(w.year, w.month, w.day) : '';
}

/** MM/DD/YYYY h:mm A (product brief section 9: DATE_TIME_FORMAT), or '' for a missing or invalid date. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const w = readWall(value, timeZone);
  return w ? `${dateText(w.year, w.month, w.day)} ${clockText(w.minutes)}` : '';
}

/**
 * MM/DD/YYYY h:mm:ss A, for a screen that refreshes faster than a minute (the admin's status
 * page, every 15 s: minutes alone would look stuck), or '' for a missing or invalid date.
 */
export function formatDateTimeSeconds(value: DateInput, timeZone?: string): string {
  const w = readWall(value, timeZone);
  return w ? `${dateText(w.year, w.month, w.day)} ${clockText(w.minutes, w.seconds)}` : '';
}

const AGO_STEPS: [limit: number, unit: Intl.RelativeTimeFormatUnit, size: number][] = [
  [45, 'second', 1],
  [45 * 60, 'minute', 60],
  [22 * 3600, 'hour', 3600],
  [26 * 86400, 'day', 86400],
  [320 * 86400, 'month', 30.4 * 86400],
  [Infinity, 'year', 365 * 86400],
];

/**
 * How long ago a moment was, in the reader's language ("5 minutes ago", "hace 5 minutos"):
 * the same in every zone, so it needs no clock. Under 45 seconds it is "now"; the
 * steps are dayjs's relativeTime thresholds, which the bell wrote before. '' for an invalid date.
 */
export function formatTimeAgo(value: DateInput, language: string, now = Date.now()): string {
  const w = readWall(value);
  if (!w) return '';
  const at = w.instant ?? new Date(w.year, w.month - 1, w.day, 0, w.minutes, w.seconds).getTime();
  const seconds = Math.max(0, (now - at) / 1000);
  const [, unit, size] = AGO_STEPS.find(([limit]) => seconds < limit) ?? AGO_STEPS[AGO_STEPS.length - 1]!;
  // "now" under a minute; numbers after it ("1 day ago", never "yesterday" for 23 hours ago).
  if (unit === 'second') return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(0, 'second');
  return new Intl.RelativeTimeFormat(language).format(-Math.max(1, Math.round(seconds / size)), unit);
}

/** h:mm A alone, or '' for a missing or invalid date. */
export function formatTime(value: DateInput, timeZone?: string): string {
  const w = readWall(value, timeZone);
  return w ? clockText(w.minutes) : '';
}

/** This device's IANA time zone. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone a business's screen writes its days and times in once its read has settled
 * (docs/architecture.md, "Which clock a moment is shown on"): the zone read; null while the read
 * is under way, so the screen shows its loading state rather than this device's day and time
 * first and then a jump; this device's zone only when the read failed (the screen says so).
 */
export const zoneOnceKnown = (zone: string | null | undefined, failed: boolean): string | null =>
  zone ?? (failed ? viewerTimeZone() : null);

/**
 * Moments written on one clock (docs/architecture.md, "Which clock a moment is shown on"): the
 * business's zone on its screens (src/ui/venue/use-clock.ts picks it), this device's on the
 * admin's and a user's own account pages. A date and time carries the zone's short name when it
 * is not this device's (11/29/2026 9:30 AM EST), so a reader elsewhere never takes it for theirs;
 * a time alone (a day's grid, a slot) is on a screen that names its zone once.
 */
export interface Clock {
  /** The IANA zone moments are written in; undefined for this device's. */
  timeZone: string | undefined;
  /** False until the zone is known: every text is '' meanwhile, never another zone's reading. */
  ready: boolean;
  date(value: DateInput): string;
  dateTime(value: DateInput): string;
  time(value: DateInput): string;
  /** ' EST': the zone's short name at that moment, with its space, where it is not this device's; else ''. */
  zoneSuffix(value: DateInput): string;
}

export function clockFor(timeZone?: string | null): Clock {
  const zone = timeZone && timeZone !== viewerTimeZone() ? timeZone : undefined;
  const zoneSuffix = (value: DateInput) => {
    const w = zone ? readWall(value, zone) : null;
    return w?.instant != null ? ` ${zoneShortName(w.instant, zone!)}` : '';
  };
  return {
    timeZone: zone,
    ready: true,
    date: (value) => formatDate(value, zone),
    time: (value) => formatTime(value, zone),
    dateTime: (value) => {
      const text = formatDateTime(value, zone);
      return text && text + zoneSuffix(value);
    },
    zoneSuffix,
  };
}

/** The clock of a screen whose business's zone has not answered yet. */
export const PENDING_CLOCK: Clock = {
  timeZone: undefined,
  ready: false,
  date: () => '',
  dateTime: () => '',
  time: () => '',
  zoneSuffix: () => '',
};

const two = (n: number) => String(n).padStart(2, '0');

/** Today on this device as YYYY-MM-DD (a calendar day, for comparing with date fields). */
export function todayLocal(): string {
  const now = new Date();
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** File size for people: 1.2 MB, 340 KB. */
export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
