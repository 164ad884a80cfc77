// @vitest-environment node
/**
 * The venue's night (src/domain/venue/venue-night.ts) at its edges, and the door's pass rule
 * and the closed-night wording built on it. New York, whose clocks fall back on 11/01/2026.
 */
import { describe, expect, it } from 'vitest';
import { passNight, validAt } from '../../src/domain/door/pass-validity';
import { stayHoursError } from '../../src/domain/reservations/reservation';
import { zonedTimeToInstant } from '../../src/domain/venue/opening-hours';
import {
  NIGHT_CUTOVER_MINUTES,
  venueNight,
  venueNightAt,
  venueNightOf,
  type VenueSchedule,
} from '../../src/domain/venue/venue-night';

const NY = 'America/New_York';
const at = (day: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return zonedTimeToInstant(day, h * 60 + m, NY);
};
const HOUR = 3_600_000;
/** Every night 8 PM – 2 AM, except as a test says. */
const nightly = (specialDates: VenueSchedule['specialDates'] = []): VenueSchedule => ({
  timeZone: NY,
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: 20 * 60, closesAt: 2 * 60 })),
  specialDates,
});
const closed = (date: string) => ({ date, closed: true, opensAt: null, closesAt: null });

describe("the venue's night", () => {
  it('runs past midnight: 1:30 AM on 11/28 is still Friday 11/27 night', () => {
    const s = nightly();
    expect(venueNightOf(at('2026-11-28', '01:30'), s)).toBe('2026-11-27');
    expect(venueNightOf(at('2026-11-27', '22:30'), s)).toBe('2026-11-27');
    expect(venueNightOf(at('2026-11-28', '12:00'), s)).toBe('2026-11-28');
  });

  it('turns over at the 6 AM cutover when the night closed earlier, and on a closed night too', () => {
    expect(NIGHT_CUTOVER_MINUTES).toBe(360);
    for (const s of [nightly(), nightly([closed('2026-11-27'), closed('2026-11-28')])]) {
      expect(venueNightOf(at('2026-11-28', '05:59'), s)).toBe('2026-11-27');
      expect(venueNightOf(at('2026-11-28', '06:00'), s)).toBe('2026-11-28');
    }
    const night = venueNight('2026-11-27', nightly());
    expect([night.start, night.end]).toEqual([at('2026-11-27', '06:00'), at('2026-11-28', '06:00')]);
    expect(night.open).toEqual({ day: '2026-11-27', start: at('2026-11-27', '20:00'), end: at('2026-11-28', '02:00') });
    expect(venueNight('2026-11-27', nightly([closed('2026-11-27')])).open).toBeNull();
  });

  it('stays on the night while a late club is open past the cutover (until 8 AM)', () => {
    const s = nightly([{ date: '2026-11-28', closed: false, opensAt: 20 * 60, closesAt: 8 * 60 }]);
    expect(venueNightOf(at('2026-11-29', '07:59'), s)).toBe('2026-11-28');
    expect(venueNightOf(at('2026-11-29', '08:00'), s)).toBe('2026-11-29');
    expect(venueNight('2026-11-28', s).end).toBe(at('2026-11-29', '08:00'));
    expect(venueNight('2026-11-29', s).start).toBe(at('2026-11-29', '08:00'));
  });

  it('starts at the opening when a venue opens before the cutover (5 AM)', () => {
    const s = nightly([{ date: '2026-11-30', closed: false, opensAt: 5 * 60, closesAt: 11 * 60 }]);
    expect(venueNightOf(at('2026-11-30', '04:59'), s)).toBe('2026-11-29');
    expect(venueNightOf(at('2026-11-30', '05:00'), s)).toBe('2026-11-30');
  });

  it('follows night after night with no gap or overlap, across the fall-back hour', () => {
    const s = nightly();
    let day = '2026-10-30';
    for (let i = 0; i < 5; i++) {
      const night = venueNight(day, s);
      const next = venueNight(venueNightOf(night.end, s), s);
      expect(next.start).toBe(night.end);
      expect(venueNightAt(night.end - 1, s).day).toBe(day);
      day = next.day;
    }
    // 11/01 is 25 hours long: its night is too.
    const fallBack = venueNight('2026-11-01', s);
    expect(fallBack.end - fallBack.start).toBe(24 * HOUR);
    expect(venueNight('2026-10-31', s).end - venueNight('2026-10-31', s).start).toBe(25 * HOUR);
  });
});

describe('the door on that night', () => {
  const s = nightly();
  const booked = { startsAt: at('2026-11-27', '22:30'), endsAt: at('2026-11-28', '00:30') };

  it('admits a guest booked for 10:30 PM on 11/27 at 1:30 AM on 11/28, and from the morning of 11/27', () => {
    expect(validAt(booked, at('2026-11-28', '01:30'), s)).toBe(true);
    expect(validAt(booked, at('2026-11-27', '06:00'), s)).toBe(true);
    expect(validAt(booked, at('2026-11-28', '06:00'), s)).toBe(false);
    expect(validAt(booked, at('2026-11-27', '05:59'), s)).toBe(false);
  });

  it('says which night, from the opening, and whether it is over', () => {
    expect(passNight(booked, at('2026-11-26', '23:00'), s)).toEqual({
      day: '2026-11-27',
      from: new Date(at('2026-11-27', '20:00')).toISOString(),
      over: false,
    });
    expect(passNight(booked, at('2026-11-28', '06:00'), s).over).toBe(true);
    // A pass starting before the opening (an early event) is good from its own start.
    const early = { startsAt: at('2026-11-27', '18:00'), endsAt: at('2026-11-27', '19:00') };
    expect(passNight(early, at('2026-11-26', '23:00'), s).from).toBe(new Date(early.startsAt).toISOString());
  });

  it('admits throughout a stay longer than a night (a weekend festival)', () => {
    const festival = { startsAt: at('2026-11-27', '20:00'), endsAt: at('2026-11-29', '20:00') };
    expect(validAt(festival, at('2026-11-29', '12:00'), s)).toBe(true);
  });
});

describe('a stay the venue cannot take', () => {
  it('says the night is closed, or the hours it is open, instead of "not open for the whole stay"', () => {
    const s = nightly([closed('2026-11-27')]);
    expect(stayHoursError(at('2026-11-27', '22:00'), at('2026-11-27', '23:00'), s)).toBe(
      'The venue is closed on the night of 11/27/2026',
    );
    expect(stayHoursError(at('2026-11-28', '01:00'), at('2026-11-28', '03:00'), nightly())).toBe(
      'That night the venue is open 8:00 PM – 2:00 AM: the stay must fit within those hours',
    );
    expect(stayHoursError(at('2026-11-28', '00:00'), at('2026-11-28', '02:00'), nightly())).toBeNull();
  });
});
