// @vitest-environment node
/**
 * The memory behind the night cache (server/db/change-cache.ts): what it stores, what a
 * forget drops, and that a read which began before a change is never stored after it.
 */
import { describe, expect, it } from 'vitest';
import { ChangeCache } from '../../../server/db/change-cache';

function cache(enabled = true) {
  const clock = { now: 0 };
  return { clock, c: new ChangeCache<string>(() => clock.now, { enabled }) };
}

describe('ChangeCache', () => {
  it('remembers a read and answers it again without reading', async () => {
    const { c } = cache();
    let reads = 0;
    const read = async () => `value ${++reads}`;
    expect(await c.through('k', 'venue-a', read)).toBe('value 1');
    expect(await c.through('k', 'venue-a', read)).toBe('value 1');
    expect(reads).toBe(1);
  });

  it('shares one read among readers that miss at once, but not with readers after a change', async () => {
    const { c } = cache();
    const releases: ((v: string) => void)[] = [];
    const read = () => new Promise<string>((resolve) => releases.push(resolve));
    const first = c.through('k', 'a', read);
    const second = c.through('k', 'a', read);
    expect(releases).toHaveLength(1);
    c.forgetGroup('a');
    const third = c.through('k', 'a', read);
    expect(releases).toHaveLength(2);
    releases[0]!('before the change');
    releases[1]!('after the change');
    expect(await first).toBe('before the change');
    expect(await second).toBe('before the change');
    expect(await third).toBe('after the change');
    expect(c.get('k')).toBe('after the change');
  });

  it("forgets one group's entries and keeps the others", () => {
    const { c } = cache();
    c.set('a1', 'a', 'A', c.begin('a'));
    c.set('b1', 'b', 'B', c.begin('b'));
    c.forgetGroup('a');
    expect(c.get('a1')).toBeUndefined();
    expect(c.get('b1')).toBe('B');
    c.forgetAll();
    expect(c.size).toBe(0);
  });

  it('does not store a read that began before its group, or everything, was forgotten', () => {
    const { c } = cache();
    const before = c.begin('a');
    c.forgetGroup('a');
    c.set('a1', 'a', 'stale', before);
    expect(c.get('a1')).toBeUndefined();

    const beforeAll = c.begin('b');
    c.forgetAll();
    c.set('b1', 'b', 'stale', beforeAll);
    expect(c.get('b1')).toBeUndefined();

    // Another group's change does not hold this one back.
    const mark = c.begin('c');
    c.forgetGroup('a');
    c.set('c1', 'c', 'fresh', mark);
    expect(c.get('c1')).toBe('fresh');
  });

  it('remembers nothing while disabled, and nothing from before once enabled again', () => {
    const { c } = cache(false);
    c.set('k', 'a', 'v', c.begin('a'));
    expect(c.get('k')).toBeUndefined();
    const mark = c.begin('a');
    c.setEnabled(true);
    c.set('k', 'a', 'v', mark);
    expect(c.get('k')).toBeUndefined();
    c.set('k', 'a', 'v', c.begin('a'));
    expect(c.get('k')).toBe('v');
  });

  it('lets an entry go after a minute even if no change is heard', () => {
    const { c, clock } = cache();
    c.set('k', 'a', 'v', c.begin('a'));
    clock.now += 59_999;
    expect(c.get('k')).toBe('v');
    clock.now += 1;
    expect(c.get('k')).toBeUndefined();
  });
});
