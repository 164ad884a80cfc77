/**
 * A venue's opening hours as real instants. Hours are written as wall-clock minutes after
 * midnight in the business's time zone, per weekday, with dated exceptions; a night that passes
 * midnight closes at a time not after it opens (22:00 → 04:00) and belongs to the day it
 * starts. Conversion goes through Intl, so daylight-saving days come out right: a night that
 * opens at 20:00 on the day the clocks change still opens at 20:00 local time.
 *
 * Pure: the server checks reservations against it, the screens show it.
 */

export const MINUTES_PER_DAY = 24 * 60;

export interface WeeklyHours {
  /** 0 Sunday … 6 Saturday: the day the night starts. */
  weekday: number;
  opensAt: number;
  closesAt: number;
}

export interface SpecialDate {
  /** YYYY-MM-DD, the day the night starts. */
  date: string;
  closed: boolean;
  opensAt: number | null;
  closesAt: number | null;
}

export interface OpenInterval {
  /** The day the night starts (YYYY-MM-DD, local). */
  day: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

/** Whether the night passes midnight. Equal times mean open around the clock (24 hours). */
export const passesMidnight = (opensAt: number, closesAt: number) => closesAt <= opensAt;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a time zone. */
export function zonedParts(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    minutes: parts.hour! * 60 + parts.minute!,
    seconds: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, 0, p.minutes, p.seconds);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a local wall-clock time. A time that does not exist (inside the spring-forward
 * gap) comes out one hour later, as clocks show it.
 */
export function zonedTimeToInstant(day: string, minutes: number, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (second === first || wall - offsetAt(second, timeZone) === second) return second;
  // Neither reads back as this wall time: it falls in the gap, so take the later reading.
  return Math.max(first, second);
}

/** The local day (YYYY-MM-DD) of an instant. */
export function zonedDay(instant: number, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The hours of the night starting on `day`: a special date wins over the weekday; null when closed. */
export function hoursOn(
  day: string,
  weekly: readonly WeeklyHours[],
  specials: readonly SpecialDate[],
): { opensAt: number; closesAt: number } | null {
  const special = specials.find((s) => s.date === day);
  if (special) {
    if (special.closed || special.opensAt === null || special.closesAt === null) return null;
    return { opensAt: special.opensAt, closesAt: special.closesAt };
  }
  const regular = weekly.find((h) => h.weekday === weekdayOf(day));
  return regular ? { opensAt: regular.opensAt, closesAt: regular.closesAt } : null;
}

/** The open intervals of the nights starting from `fromDay` to `toDay` (inclusive). */
export function openIntervals(
  weekly: readonly WeeklyHours[],
  specials: readonly SpecialDate[],
  timeZone: string,
  fromDay: string,
  toDay: string,
): OpenInterval[] {
  const out: OpenInterval[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    const hours = hoursOn(day, weekly, specials);
    if (!hours) continue;
    const start = zonedTimeToInstant(day, hours.opensAt, timeZone);
    const closeDay = passesMidnight(hours.opensAt, hours.closesAt) ? addDays(day, 1) : day;
    out.push({ day, start, end: zonedTimeToInstant(closeDay, hours.closesAt, timeZone) });
  }
  return out;
}

/**
 * The night a stay from `start` to `end` falls within, or null when the venue is closed for any
 * part of it. Looks at the nights starting the day before through the day of `start`, so a stay
 * after midnight belongs to the night before.
 */
export function nightCovering(
  weekly: readonly WeeklyHours[],
  specials: readonly SpecialDate[],
  timeZone: string,
  start: number,
  end: number,
): OpenInterval | null {
  const day = zonedDay(start, timeZone);
  return (
    openIntervals(weekly, specials, timeZone, addDays(day, -1), day).find((i) => i.start <= start && end <= i.end) ??
    null
  );
}

/** 'HH:mm' of minutes after midnight (24-hour; screens format it for the locale). */
export const minutesToClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
