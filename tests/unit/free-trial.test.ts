// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { trialDaysLeft, trialEndsAfter, trialRunning } from '../../src/domain/payments/free-trial';

const DAY = 86_400_000;
// Noon UTC: the day's arithmetic does not depend on the machine's time zone.
const NOW = Date.UTC(2026, 10, 21, 12);

describe('free-trial days (userData.freeTrial, the API subscription gate and the plan screens read one rule)', () => {
  it('a trial that starts now lasts its length in whole days', () => {
    expect(trialDaysLeft(trialEndsAfter(NOW, 14), NOW)).toBe(14);
    expect(trialEndsAfter(NOW, 14).toISOString()).toBe('2026-12-05T12:00:00.000Z');
  });

  it('the last day counts as a day left, to its last millisecond; at its end there are none', () => {
    expect(trialDaysLeft(new Date(NOW + DAY), NOW)).toBe(1);
    expect(trialDaysLeft(new Date(NOW + 1), NOW)).toBe(1);
    expect(trialDaysLeft(new Date(NOW), NOW)).toBe(0);
    expect(trialDaysLeft(new Date(NOW + DAY + 1), NOW)).toBe(2);
  });

  it('a trial that ended yesterday leaves 0 days, never a negative count', () => {
    expect(trialDaysLeft(new Date(NOW - DAY), NOW)).toBe(0);
    expect(trialDaysLeft(NOW - DAY, NOW)).toBe(0);
  });

  it('no trial date (none, or not a date) is no trial', () => {
    expect(trialDaysLeft(null, NOW)).toBe(0);
    expect(trialDaysLeft(undefined, NOW)).toBe(0);
    expect(trialDaysLeft('not a date', NOW)).toBe(0);
  });

  it('takes the end as stored (a Date), as the session carries it (ms) and as the wire does (ISO)', () => {
    const end = NOW + 3 * DAY - 1;
    expect([
      trialDaysLeft(new Date(end), NOW),
      trialDaysLeft(end, NOW),
      trialDaysLeft(new Date(end).toISOString(), NOW),
    ]).toEqual([3, 3, 3]);
  });

  it('days are left exactly while the trial is running', () => {
    for (const offset of [-DAY, -1, 0, 1, DAY - 1, DAY, 30 * DAY])
      expect(trialDaysLeft(NOW + offset, NOW) > 0, `offset ${offset}`).toBe(trialRunning(NOW + offset, NOW));
  });
});
