/**
 * On which night a pass lets its guest in: the venue's night its start is on (venue-night.ts,
 * the same night the reservations screen and home show it under). A guest booked for 10:30 PM
 * who arrives at 1:30 AM, or one booked for 1:00 AM who arrives at 11:00 PM the evening
 * before, is on the right night; a club open until 8 AM keeps its night until then. A stay
 * that runs longer (a multi-day event) is valid throughout. Pure.
 */
import { venueNight, venueNightOf, type VenueSchedule } from '../venue/venue-night';

export interface PassTimes {
  startsAt: number;
  endsAt: number;
}

export function validAt(pass: PassTimes, now: number, schedule: VenueSchedule): boolean {
  if (venueNightOf(now, schedule) === venueNightOf(pass.startsAt, schedule)) return true;
  return pass.startsAt <= now && now <= pass.endsAt;
}

/**
 * What a refusal for the wrong night tells the door: the pass's night, from when it is good
 * (the venue's opening that night, or the pass's own start when that is earlier or the venue
 * keeps no hours then), and whether that night is already over.
 */
export function passNight(pass: PassTimes, now: number, schedule: VenueSchedule) {
  const night = venueNight(venueNightOf(pass.startsAt, schedule), schedule);
  const from = night.open && night.open.start <= pass.startsAt ? night.open.start : pass.startsAt;
  return { day: night.day, from: new Date(from).toISOString(), over: now >= night.end };
}
