// @vitest-environment node
/**
 * One check of a YYYY-MM-DD day (src/domain/calendar-day.ts) for every form and route that takes
 * one: a day the calendar does not have is refused, where Date.parse would roll it into March.
 */
import { describe, expect, it } from 'vitest';
import { isCalendarDay } from '../../src/domain/calendar-day';
import { MESSAGES } from '../../src/domain/messages';
import { specialDateSchema } from '../../src/domain/venue/schedule';

describe('a calendar day', () => {
  it('is a day the calendar has, written YYYY-MM-DD, in years a schedule can mean', () => {
    for (const day of ['2026-02-28', '2028-02-29', '2026-12-31', '1900-01-01', '2999-12-31'])
      expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-2-3',
      '0000-01-01',
      '3000-01-01',
      '',
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it("refuses a venue's special date on a day the calendar does not have, on its field", () => {
    const special = (date: string) =>
      specialDateSchema.safeParse({ date, closed: true, opensAt: null, closesAt: null, affected: 'keep' });
    expect(special('2027-03-02').success).toBe(true);
    const refused = special('2027-02-30');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['date', MESSAGES.dateInvalid],
    ]);
  });
});
