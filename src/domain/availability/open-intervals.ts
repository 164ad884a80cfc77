/**
 * When a business is open, as real instants: its weekly slots minus their breaks, replaced on
 * the days an exception covers (closed, or the exception's own hours). Wall-clock times are read
 * in the business's time zone through Intl (src/domain/venue/opening-hours.ts), never in the
 * runtime's own zone, so the answer is the same on a server in UTC and a browser in Madrid, and
 * daylight-saving days come out right: on America/New_York's spring-forward day (2026-03-08)
 * 09:00–17:00 is 8 real hours starting 13:00Z; a time inside the skipped hour reads as the clock
 * shows it an hour later; on the fall-back day (2026-11-01) 01:30 is its first (EDT) occurrence.
 *
 * Pure: bookings check a request against it, the schedule screen previews it.
 */
import { addDays, weekdayOf, zonedTimeToInstant } from '../venue/opening-hours';
import { clockToMinutes, type ClockRange } from './rules';

export interface SlotLike extends ClockRange {
  dayOfWeek: number;
  breaks: readonly ClockRange[];
}

export interface ExceptionLike {
  startDate: string;
  endDate: string;
  closed: boolean;
  hours: readonly ClockRange[];
}

export interface UtcInterval {
  /** The business's day it belongs to (YYYY-MM-DD). */
  day: string;
  /** Epoch milliseconds (UTC). */
  start: number;
  end: number;
}

/**
 * Wall-clock → instant, remembered: each conversion asks Intl for the zone's offset a few times,
 * and the same days and hours are asked again and again (every visitor of a business reads the
 * same weeks), so a bounded memory of answers makes a month's intervals cost microseconds.
 * The answer for a (zone, day, minute) never changes, so remembering it is always right.
 */
const INSTANTS_MAX = 50_000;
const instants = new Map<string, number>();
function instantOf(day: string, minutes: number, timeZone: string): number {
  const key = `${timeZone}|${day}|${minutes}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    instant = zonedTimeToInstant(day, minutes, timeZone);
    if (instants.size >= INSTANTS_MAX) instants.delete(instants.keys().next().value!);
    instants.set(key, instant);
  }
  return instant;
}

/** Minute ranges of a slot with its breaks cut out. */
function withoutBreaks(slot: SlotLike): [number, number][] {
  let pieces: [number, number][] = [[clockToMinutes(slot.start), clockToMinutes(slot.end)]];
  for (const b of slot.breaks) {
    const bs = clockToMinutes(b.start);
    const be = clockToMinutes(b.end);
    pieces = pieces.flatMap(([s, e]): [number, number][] =>
      be <= s || bs >= e
        ? [[s, e]]
        : (
            [
              [s, bs],
              [be, e],
            ] as [number, number][]
          ).filter(([a, z]) => z > a),
    );
  }
  return pieces;
}

/** The local minute ranges a business is open on `day`. */
export function openMinutesOn(day: string, slots: readonly SlotLike[], exceptions: readonly ExceptionLike[]) {
  const exception = exceptions.find((e) => e.startDate <= day && day <= e.endDate);
  const ranges: [number, number][] = exception
    ? exception.closed
      ? []
      : exception.hours.map((h) => [clockToMinutes(h.start), clockToMinutes(h.end)])
    : slots.filter((s) => s.dayOfWeek === weekdayOf(day)).flatMap(withoutBreaks);
  return ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
}

/**
 * The open intervals from `fromDate` to `toDate` (the business's days, both included), in UTC,
 * ordered; intervals that touch (a slot ending as the next begins) are joined.
 */
export function openIntervals(
  timeZone: string,
  slots: readonly SlotLike[],
  exceptions: readonly ExceptionLike[],
  fromDate: string,
  toDate: string,
): UtcInterval[] {
  const out: UtcInterval[] = [];
  for (let day = fromDate; day <= toDate; day = addDays(day, 1)) {
    for (const [s, e] of openMinutesOn(day, slots, exceptions)) {
      const start = instantOf(day, s, timeZone);
      const end = instantOf(day, e, timeZone);
      if (end <= start) continue;
      const last = out[out.length - 1];
      if (last && last.day === day && last.end >= start) last.end = Math.max(last.end, end);
      else out.push({ day, start, end });
    }
  }
  return out;
}
