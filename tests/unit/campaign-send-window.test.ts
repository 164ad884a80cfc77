// @vitest-environment node
/**
 * A campaign's daily send window (src/domain/campaigns/rules.ts), the rule the form and the server
 * share and the test the queue sends by: a window may pass midnight, as in scheduling products
 * (18:00 to 09:00: the evening and the early morning). It was refused ("The send window must end
 * after it starts"), so a business that mails at night could not say so. Only a window that starts
 * and ends at the same time is refused: it is no window at all (leave both empty for any time).
 */
import { describe, expect, it } from 'vitest';
import { campaignSchema, insideWindow, sendWindowOf } from '../../src/domain/campaigns/rules';
import { fieldErrors } from '../../src/domain/schemas/common';
import { MESSAGES } from '../../src/domain/messages';

const draft = (windowStart: string, windowEnd: string) => ({
  name: 'Night owls',
  senderId: '0759c6d7-e1ba-4938-8144-878aa5587340',
  templateId: '1759c6d7-e1ba-4938-8144-878aa5587340',
  subject: 'Tonight',
  segment: { match: 'all', conditions: [] },
  hourlyCap: null,
  windowStart,
  windowEnd,
});
const errorsOf = (start: string, end: string) => {
  const parsed = campaignSchema.safeParse(draft(start, end));
  return parsed.success ? null : fieldErrors(parsed.error);
};
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('the daily send window', () => {
  it('may pass midnight', () => {
    expect(errorsOf('09:00', '17:00')).toBeNull();
    expect(errorsOf('18:00', '09:00')).toBeNull();
    expect(errorsOf('23:30', '00:30')).toBeNull();
  });

  it('is refused when it starts and ends at the same time, with a message that says what to do', () => {
    expect(errorsOf('09:00', '09:00')).toEqual({ windowEnd: MESSAGES.campaignWindowSameTimes });
  });

  it('lets mail out inside it, on both sides of midnight, and holds it outside', () => {
    const night = sendWindowOf({ windowStart: '18:00', windowEnd: '09:00' });
    for (const open of ['18:00', '23:59', '00:00', '03:00', '08:59'])
      expect(insideWindow(night, at(open)), open).toBe(true);
    for (const shut of ['09:00', '12:00', '17:59']) expect(insideWindow(night, at(shut)), shut).toBe(false);
    const day = sendWindowOf({ windowStart: '09:00', windowEnd: '17:00' });
    expect([at('08:59'), at('09:00'), at('16:59'), at('17:00')].map((m) => insideWindow(day, m))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(insideWindow(null, at('03:00'))).toBe(true);
  });
});
