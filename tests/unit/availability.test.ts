// @vitest-environment node
/**
 * The availability rules as the schedule forms run them, and openIntervals: the business's wall
 * clock turned into UTC on America/New_York's 2026 daylight-saving days, whatever zone the viewer's
 * machine is in. Run it under several zones (TZ=Europe/Madrid, TZ=UTC, TZ=Pacific/Auckland): the
 * expected instants are written in UTC and must not move.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { openIntervals, openMinutesOn } from '../../src/domain/availability/open-intervals';
import { exceptionSchema, overlappingSlot, timeSlotSchema } from '../../src/domain/availability/rules';
import { fieldErrors } from '../../src/domain/schemas/common';

const NY = 'America/New_York';
const lunch = { start: '12:00', end: '13:00' };
const weekdays = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  start: '09:00',
  end: '17:00',
  breaks: [lunch],
}));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const spans = (list: ReturnType<typeof openIntervals>) => list.map((i) => `${iso(i.start)}/${iso(i.end).slice(11)}`);

describe('openIntervals', () => {
  it('spring forward (2026-03-08): 09:00 EDT is 13:00Z; the day before, 14:00Z', () => {
    expect(spans(openIntervals(NY, weekdays, [], '2026-03-07', '2026-03-08'))).toEqual([
      '2026-03-07T14:00/17:00',
      '2026-03-07T18:00/22:00',
      '2026-03-08T13:00/16:00',
      '2026-03-08T17:00/21:00',
    ]);
  });

  it('a slot across the skipped hour is one real hour shorter; a time inside the gap reads an hour later', () => {
    const night = [{ dayOfWeek: 0, start: '01:00', end: '04:00', breaks: [] }];
    const [i] = openIntervals(NY, night, [], '2026-03-08', '2026-03-08');
    expect([iso(i!.start), iso(i!.end)]).toEqual(['2026-03-08T06:00', '2026-03-08T08:00']);
    expect((i!.end - i!.start) / 3_600_000).toBe(2);
    const gap = openIntervals(
      NY,
      [{ dayOfWeek: 0, start: '02:15', end: '02:45', breaks: [] }],
      [],
      '2026-03-08',
      '2026-03-08',
    );
    expect(spans(gap)).toEqual(['2026-03-08T07:15/07:45']);
  });

  it('fall back (2026-11-01): 09:00 EST is 14:00Z; the repeated 01:00 hour counts twice', () => {
    expect(spans(openIntervals(NY, weekdays, [], '2026-10-31', '2026-11-01'))).toEqual([
      '2026-10-31T13:00/16:00',
      '2026-10-31T17:00/21:00',
      '2026-11-01T14:00/17:00',
      '2026-11-01T18:00/22:00',
    ]);
    const night = [{ dayOfWeek: 0, start: '00:30', end: '03:00', breaks: [] }];
    const [i] = openIntervals(NY, night, [], '2026-11-01', '2026-11-01');
    expect([iso(i!.start), iso(i!.end)]).toEqual(['2026-11-01T04:30', '2026-11-01T08:00']);
    expect((i!.end - i!.start) / 3_600_000).toBe(3.5);
  });

  it('exceptions: a closed range has nothing, replacement hours win over the weekly slots', () => {
    const exceptions = [
      { startDate: '2026-03-09', endDate: '2026-03-10', closed: true, hours: [] },
      { startDate: '2026-03-11', endDate: '2026-03-11', closed: false, hours: [{ start: '10:00', end: '11:00' }] },
    ];
    expect(spans(openIntervals(NY, weekdays, exceptions, '2026-03-09', '2026-03-11'))).toEqual([
      '2026-03-11T14:00/15:00',
    ]);
    expect(openMinutesOn('2026-03-12', weekdays, exceptions)).toEqual([
      [540, 720],
      [780, 1020],
    ]);
  });

  it('slots that touch are joined; the same answer for a viewer in any zone', () => {
    const split = [
      { dayOfWeek: 1, start: '09:00', end: '12:00', breaks: [] },
      { dayOfWeek: 1, start: '12:00', end: '15:00', breaks: [] },
    ];
    expect(spans(openIntervals('Europe/Madrid', split, [], '2026-03-30', '2026-03-30'))).toEqual([
      '2026-03-30T07:00/13:00',
    ]);
    // The runtime's own zone (set by TZ) plays no part: Date's local getters are never used.
    expect(new Date(openIntervals(NY, weekdays, [], '2026-03-08', '2026-03-08')[0]!.start).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });
});

describe('the forms’ rules', () => {
  const errors = (schema: z.ZodMiniType, value: unknown) => {
    const r = z.safeParse(schema, value);
    return r.success ? {} : fieldErrors(r.error);
  };

  it('a slot that ends before it starts, a break outside it, overlapping breaks', () => {
    expect(errors(timeSlotSchema, { dayOfWeek: 1, start: '10:00', end: '09:00' })).toEqual({
      end: 'The end time must be after the start time',
    });
    expect(
      errors(timeSlotSchema, {
        dayOfWeek: 1,
        start: '09:00',
        end: '12:00',
        breaks: [{ start: '11:30', end: '12:30' }],
      }),
    ).toEqual({
      'breaks.0.start': 'A break must be inside its time slot',
    });
    expect(
      errors(timeSlotSchema, {
        dayOfWeek: 1,
        start: '09:00',
        end: '17:00',
        breaks: [lunch, { start: '12:30', end: '14:00' }],
      }),
    ).toEqual({ 'breaks.1.start': 'Breaks must not overlap' });
  });

  it('overlap with the slots the form shows, except the one being edited', () => {
    const shown = [{ id: 'a', dayOfWeek: 1, start: '09:00', end: '12:00' }];
    expect(overlappingSlot({ dayOfWeek: 1, start: '11:00', end: '13:00' }, shown)?.id).toBe('a');
    expect(overlappingSlot({ dayOfWeek: 1, start: '11:00', end: '13:00' }, shown, 'a')).toBeNull();
    expect(overlappingSlot({ dayOfWeek: 2, start: '11:00', end: '13:00' }, shown)).toBeNull();
  });

  it('a date that is no calendar day is refused, not thrown on', () => {
    for (const startDate of ['2024-13-45', '2026-02-30', '0000-01-01', '3000-01-01'])
      expect(errors(exceptionSchema, { startDate, closed: true })).toEqual({ startDate: 'Enter a valid date' });
  });

  it('an exception range reversed, and open days without hours', () => {
    expect(errors(exceptionSchema, { startDate: '2026-05-02', endDate: '2026-05-01', closed: true })).toEqual({
      endDate: 'The end date must be on or after the start date',
    });
    expect(errors(exceptionSchema, { startDate: '2026-05-02', closed: false })).toEqual({
      hours: 'Enter the hours for these dates, or mark them closed',
    });
  });
});
