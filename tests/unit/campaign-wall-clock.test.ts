// @vitest-environment node
/**
 * A campaign's schedule around daylight-saving changes (src/domain/campaigns/wall-clock.ts and
 * scheduleSchemaIn): a time in the spring-forward gap is refused with a message naming the jump,
 * the same on the form and the server; a time that happens twice is sent at its first occurrence.
 */
import { describe, expect, it } from 'vitest';
import { scheduleSchemaIn } from '../../src/domain/campaigns/rules';
import { occurrenceOf, wallTimeIn } from '../../src/domain/campaigns/wall-clock';
import { formatMessage } from '../../src/domain/messages';

const NY = 'America/New_York';
const at = (day: string, hhmm: string, zone = NY) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return wallTimeIn(day, h * 60 + m, zone);
};

describe('a wall time on a daylight-saving day', () => {
  it('exists once on an ordinary day and either side of a change', () => {
    expect(at('2027-06-01', '10:00')).toEqual({ kind: 'once', at: Date.parse('2027-06-01T14:00:00Z') });
    expect(at('2027-03-14', '01:59')).toEqual({ kind: 'once', at: Date.parse('2027-03-14T06:59:00Z') });
    expect(at('2027-03-14', '03:00')).toEqual({ kind: 'once', at: Date.parse('2027-03-14T07:00:00Z') });
    expect(at('2027-11-07', '02:00')).toEqual({ kind: 'once', at: Date.parse('2027-11-07T07:00:00Z') });
  });

  it('does not exist in the spring-forward gap: clocks go from 2:00 to 3:00', () => {
    expect(at('2027-03-14', '02:30')).toEqual({ kind: 'gap', from: 120, to: 180 });
    expect(at('2027-03-28', '01:15', 'Europe/London')).toEqual({ kind: 'gap', from: 60, to: 120 });
  });

  it('happens twice when clocks move back, the daylight one first', () => {
    expect(at('2027-11-07', '01:30')).toEqual({
      kind: 'twice',
      at: Date.parse('2027-11-07T05:30:00Z'),
      later: Date.parse('2027-11-07T06:30:00Z'),
      from: 120,
      to: 60,
    });
    // East of Greenwich too (the old conversion took the later one here).
    expect(at('2027-10-31', '01:30', 'Europe/London')).toMatchObject({
      kind: 'twice',
      at: Date.parse('2027-10-31T00:30:00Z'),
    });
  });
});

describe("the campaign page's note on a time that happens twice", () => {
  it('names which of the two the schedule is', () => {
    const first = { which: 'first', minutes: 90, from: 120, to: 60 };
    expect(occurrenceOf(Date.parse('2027-11-07T05:30:00Z'), NY)).toEqual(first);
    expect(occurrenceOf(Date.parse('2027-11-07T06:30:00Z'), NY)).toEqual({ ...first, which: 'second' });
    expect(occurrenceOf(Date.parse('2027-11-07T08:30:00Z'), NY)).toBeNull();
  });
});

describe('the schedule form and the server', () => {
  const schema = scheduleSchemaIn(NY);
  it('refuse a time that does not exist, on the time, saying why', () => {
    const result = schema.safeParse({ mode: 'at', date: '2027-03-14', time: '02:30' });
    const message = 'This time does not exist in New York: clocks move forward from 2:00 AM to 3:00 AM';
    expect(formatMessage('campaignScheduleGap', { place: 'New York', from: '2:00 AM', to: '3:00 AM' })).toBe(message);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['time', message]]);
  });

  it('take a time that happens twice, and any other', () => {
    expect(schema.safeParse({ mode: 'at', date: '2027-11-07', time: '01:30' }).success).toBe(true);
    expect(schema.safeParse({ mode: 'at', date: '2027-03-14', time: '03:30' }).success).toBe(true);
    expect(schema.safeParse({ mode: 'now' }).success).toBe(true);
  });
});
