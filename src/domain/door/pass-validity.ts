/**
 * On which night a pass lets its guest in. A night at a venue runs past midnight, so the door
 * counts days from a turnover hour (06:00 local): a guest booked for 11:30 PM who arrives at
 * 12:20 AM, or one booked for 1:00 AM who arrives at 11:00 PM the evening before, is on the
 * right night. A stay that runs longer (a multi-day event) is valid throughout. The venue's own
 * hours can stretch the night further (a club open until 8 AM): the server passes the night
 * that covers the start when it knows one. Pure.
 */
import { zonedDay } from '../venue/opening-hours';

/** Minutes after local midnight when one night ends and the next day begins. */
export const NIGHT_TURNOVER_MINUTES = 6 * 60;

/** The day (YYYY-MM-DD, local) whose night an instant belongs to. */
export function nightOf(instant: number, timeZone: string): string {
  return zonedDay(instant - NIGHT_TURNOVER_MINUTES * 60_000, timeZone);
}

export interface PassTimes {
  startsAt: number;
  endsAt: number;
  timeZone: string;
  /** The venue's open interval covering the start, when known. */
  night?: { start: number; end: number } | null;
}

export function validAt(pass: PassTimes, now: number): boolean {
  if (nightOf(now, pass.timeZone) === nightOf(pass.startsAt, pass.timeZone)) return true;
  if (pass.startsAt <= now && now <= pass.endsAt) return true;
  return Boolean(pass.night && pass.night.start <= now && now <= pass.night.end);
}
