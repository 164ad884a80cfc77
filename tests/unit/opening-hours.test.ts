// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nightCovering, openIntervals, zonedTimeToInstant } from '../../src/domain/venue/opening-hours';

const NY = 'America/New_York';
// Friday 20:00 → Saturday 03:00; Saturday 20:00 → 04:00.
const weekly = [
  { weekday: 5, opensAt: 20 * 60, closesAt: 3 * 60 },
  { weekday: 6, opensAt: 20 * 60, closesAt: 4 * 60 },
];

describe('opening hours', () => {
  it('a night passing midnight closes the next day, in the venue time zone', () => {
    const [fri] = openIntervals(weekly, [], NY, '2026-11-20', '2026-11-20');
    expect(new Date(fri!.start).toISOString()).toBe('2026-11-21T01:00:00.000Z'); // 20:00 EST
    expect(new Date(fri!.end).toISOString()).toBe('2026-11-21T08:00:00.000Z'); // 03:00 EST
  });

  it('daylight-saving days keep the wall-clock hours', () => {
    // 2026-03-07 is a Saturday; clocks spring forward at 02:00 on Sunday 03-08.
    const [sat] = openIntervals(weekly, [], NY, '2026-03-07', '2026-03-07');
    expect(new Date(sat!.start).toISOString()).toBe('2026-03-08T01:00:00.000Z'); // 20:00 EST
    expect(new Date(sat!.end).toISOString()).toBe('2026-03-08T08:00:00.000Z'); // 04:00 EDT
    expect(sat!.end - sat!.start).toBe(7 * 3600_000); // one hour shorter
    // Autumn: 2026-10-31 Saturday, clocks fall back at 02:00 on 11-01.
    const [autumn] = openIntervals(weekly, [], NY, '2026-10-31', '2026-10-31');
    expect(autumn!.end - autumn!.start).toBe(9 * 3600_000);
    // A time inside the spring gap comes out as clocks show it.
    expect(new Date(zonedTimeToInstant('2026-03-08', 150, NY)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('a special date replaces the weekday or closes it; a stay after midnight belongs to the night before', () => {
    const specials = [
      { date: '2026-11-20', closed: true, opensAt: null, closesAt: null },
      { date: '2026-11-22', closed: false, opensAt: 18 * 60, closesAt: 22 * 60 },
    ];
    const nights = openIntervals(weekly, specials, NY, '2026-11-20', '2026-11-22');
    expect(nights.map((n) => n.day)).toEqual(['2026-11-21', '2026-11-22']);
    const sat = nights[0]!;
    const oneAm = sat.start + 5 * 3600_000;
    expect(nightCovering(weekly, specials, NY, oneAm, oneAm + 3600_000)?.day).toBe('2026-11-21');
    expect(nightCovering(weekly, specials, NY, sat.end - 1800_000, sat.end + 1800_000)).toBeNull();
    // 04:00 UTC: 23:00 in New York, but 05:00 in Madrid, after a Madrid venue has closed.
    const fourUtc = sat.start + 3 * 3600_000;
    expect(nightCovering(weekly, specials, NY, fourUtc, fourUtc + 60_000)?.day).toBe('2026-11-21');
    expect(nightCovering(weekly, specials, 'Europe/Madrid', fourUtc, fourUtc + 60_000)).toBeNull();
  });
});
