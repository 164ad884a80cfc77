// @vitest-environment node
/** The hub's per-connection message budget (server/hub/rate.ts), on a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../server/hub/rate';

function bucket(burst: number, perSecond: number) {
  const clock = { now: 1_000_000 };
  return { clock, b: new TokenBucket(burst, perSecond, () => clock.now) };
}

const takes = (b: TokenBucket, n: number) => Array.from({ length: n }, () => b.take());

describe('TokenBucket', () => {
  it('gives a full burst at once, then refuses until time passes', () => {
    const { b } = bucket(3, 1);
    expect(takes(b, 4)).toEqual([true, true, true, false]);
    expect(b.take()).toBe(false);
  });

  it('earns tokens back at its rate, a fraction at a time', () => {
    const { b, clock } = bucket(3, 2);
    takes(b, 3);
    clock.now += 250; // half a token
    expect(b.take()).toBe(false);
    clock.now += 250; // the other half: one token
    expect(takes(b, 2)).toEqual([true, false]);
    clock.now += 1000;
    expect(takes(b, 3)).toEqual([true, true, false]);
  });

  it('never holds more than its burst, however long it was idle', () => {
    const { b, clock } = bucket(3, 10);
    clock.now += 60 * 60_000;
    expect(takes(b, 4)).toEqual([true, true, true, false]);
  });

  it('a refusal spends nothing, and a clock set back earns nothing', () => {
    const { b, clock } = bucket(2, 1);
    takes(b, 2);
    for (let i = 0; i < 5; i++) expect(b.take()).toBe(false);
    clock.now += 1000;
    expect(b.take()).toBe(true);
    clock.now -= 10_000;
    expect(b.take()).toBe(false);
    // Time is counted again from the earlier reading, not from before the jump back.
    clock.now += 1000;
    expect(b.take()).toBe(true);
  });
});
