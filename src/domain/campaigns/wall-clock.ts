/**
 * A day and a time of day on the business's wall clock, as the instant a campaign is sent at.
 * Around a daylight-saving change a wall time may not exist or may exist twice; the schedule
 * form and the server read it here, one rule for both (scheduleSchemaIn, rules.ts):
 *
 * - in the spring-forward gap (2027-03-14 02:30 in New York: clocks go from 2:00 to 3:00 AM) the
 *   time does not exist and is refused with campaignScheduleGap, naming the place and the jump,
 *   rather than moved to 3:30 without a word;
 * - in the fall-back overlap (2027-11-07 01:30 in New York happens in daylight time, then again in
 *   standard time) the first occurrence is taken, the daylight one, as the clock first shows it;
 *   the form says so as the time is picked, and the campaign's page says so beside "Scheduled for".
 *
 * Pure: Intl only (the business's IANA zone), so the browser and the server agree.
 */
import { zonedParts } from '../venue/opening-hours';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, 0, p.minutes, p.seconds) - Math.floor(instant / 1000) * 1000;
}

export type WallTime =
  /** The time exists once: its instant. */
  | { kind: 'once'; at: number }
  /** The time is skipped: at `from` (minutes of the day) the clocks jump to `to`. */
  | { kind: 'gap'; from: number; to: number }
  /** The time happens twice, at `at` then at `later`: at `from` the clocks move back to `to`. */
  | { kind: 'twice'; at: number; later: number; from: number; to: number };

/** The first instant with the new offset between `lo` (old offset) and `hi` (new), to the second. */
function changeBetween(lo: number, hi: number, before: number, timeZone: string): number {
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

const minuteOfDay = (wall: number) => Math.round((((wall % DAY) + DAY) % DAY) / MINUTE);

/** `day` (YYYY-MM-DD) at `minutes` after midnight on the wall clock of `timeZone`. */
export function wallTimeIn(day: string, minutes: number, timeZone: string): WallTime {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const before = offsetAt(wall - 36 * HOUR, timeZone);
  const after = offsetAt(wall + 36 * HOUR, timeZone);
  const offsets = [...new Set([before, offsetAt(wall, timeZone), after])];
  const instants = offsets
    .map((o) => wall - o)
    .filter((at) => wall - offsetAt(at, timeZone) === at)
    .sort((a, b) => a - b);
  if (instants.length === 1) return { kind: 'once', at: instants[0]! };
  if (instants.length > 1) {
    const at = instants[0]!;
    const later = instants[instants.length - 1]!;
    const change = changeBetween(at, later, offsetAt(at, timeZone), timeZone);
    return {
      kind: 'twice',
      at,
      later,
      from: minuteOfDay(change + offsetAt(at, timeZone)),
      to: minuteOfDay(change + offsetAt(later, timeZone)),
    };
  }
  // No reading of the wall time comes back as itself: it falls where the clocks jump forward.
  const change = changeBetween(wall - after, wall - before, before, timeZone);
  return { kind: 'gap', from: minuteOfDay(change + before), to: minuteOfDay(change + after) };
}

/** A zone's place as people say it: America/New_York → "New York". */
export const placeOfZone = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');

/** Minutes of the day as the app's clock reads them ("2:00 AM"; zoned-format.ts). */
export { clockText } from '../venue/zoned-format';

/**
 * Whether an instant's wall time happens twice in the zone, and which of the two it is: what the
 * campaign's page says beside "Scheduled for" (the schedule takes the first). Null: it happens once.
 */
export function occurrenceOf(
  instant: number,
  timeZone: string,
): { which: 'first' | 'second'; minutes: number; from: number; to: number } | null {
  const p = zonedParts(instant, timeZone);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  const wall = wallTimeIn(day, p.minutes, timeZone);
  if (wall.kind !== 'twice') return null;
  const which = Math.abs(instant - wall.at) < MINUTE ? 'first' : 'second';
  return { which, minutes: p.minutes, from: wall.from, to: wall.to };
}
