/**
 * The venue's night: the one answer to "which night is it?" that every screen gives — the
 * reservations' night, home's "tonight", the door. A venue's evening runs past midnight, so a
 * guest booked for 10:30 PM on Friday who arrives at 1:30 AM is still on Friday night, and the
 * screens say "Friday night" at 1:30 AM too (the product brief: a club's work is by night).
 *
 * A night is named by the day it starts (YYYY-MM-DD in the venue's time zone). It runs from its
 * day's cutover to the next day's: the cutover is NIGHT_CUTOVER_MINUTES local (6 AM: the night
 * before is over by then), later when the night before is still open (a club open until 8 AM),
 * and earlier when the day's own opening comes first (a café opening at 5 AM). The nights
 * follow each other with no gap and no overlap, so every instant is on exactly one night.
 *
 * Pure, shared by the server (what it lists, counts and admits) and the screens.
 */
import {
  addDays,
  openIntervals,
  zonedDay,
  zonedTimeToInstant,
  type OpenInterval,
  type SpecialDate,
  type WeeklyHours,
} from './opening-hours';

/** Minutes after local midnight when, unless the hours say otherwise, one night ends and the next begins. */
export const NIGHT_CUTOVER_MINUTES = 6 * 60;

/** What a venue's night is worked out from: its time zone and opening hours. */
export interface VenueSchedule {
  timeZone: string;
  hours: readonly WeeklyHours[];
  specialDates: readonly SpecialDate[];
}

export interface VenueNight {
  /** The day the night starts (YYYY-MM-DD, local): its name. */
  day: string;
  /** The night's span, epoch ms: [start, end). */
  start: number;
  end: number;
  /** When the venue is open that night; null when it is closed. */
  open: OpenInterval | null;
}

const openOn = (day: string, s: VenueSchedule): OpenInterval | null =>
  openIntervals(s.hours, s.specialDates, s.timeZone, day, day)[0] ?? null;

/** The instant the night before `day` hands over to the night of `day`. */
function cutover(day: string, s: VenueSchedule): number {
  const morning = zonedTimeToInstant(day, NIGHT_CUTOVER_MINUTES, s.timeZone);
  const before = openOn(addDays(day, -1), s);
  const own = openOn(day, s);
  const afterBefore = Math.max(morning, before?.end ?? morning);
  return own ? Math.min(afterBefore, own.start) : afterBefore;
}

/** The night that starts on `day`. */
export function venueNight(day: string, s: VenueSchedule): VenueNight {
  return { day, start: cutover(day, s), end: cutover(addDays(day, 1), s), open: openOn(day, s) };
}

/** The name (day) of the night an instant is on. */
export function venueNightOf(instant: number, s: VenueSchedule): string {
  const day = zonedDay(instant, s.timeZone);
  // A cutover never comes before its day's midnight, so the instant is on its day's night or the one before.
  return instant < cutover(day, s) ? addDays(day, -1) : day;
}

/** The night an instant is on, with its span. */
export const venueNightAt = (instant: number, s: VenueSchedule): VenueNight => venueNight(venueNightOf(instant, s), s);

/** The oldest day whose hours `venueNightOf` and `venueNight` may read for these instants. */
export const scheduleFromDay = (instants: readonly number[], timeZone: string): string =>
  addDays(zonedDay(Math.min(...instants), timeZone), -2);
