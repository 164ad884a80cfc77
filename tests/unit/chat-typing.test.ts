/**
 * Typing both ways (src/domain/chat/typing.ts, src/providers/live/typing-store.ts): the sender
 * throttles (one "started" per refresh while keys come, one "stopped" after the idle time, on
 * blur or on a send), and the receiver forgets a "started" that is not repeated.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_IDLE_MS, TYPING_REFRESH_MS, typingSender } from '../../src/domain/chat/typing';
import { TYPING_TTL_MS, getTyping, setTyping } from '../../src/providers/live/typing-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  setTyping(null);
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the typing sender', () => {
  it('says "started" once per refresh while keys come, and "stopped" once after the idle time', async () => {
    const sent: boolean[] = [];
    const sender = typingSender(
      (on) => sent.push(on),
      () => Date.now(),
    );
    for (let i = 0; i < 20; i++) {
      sender.input();
      await vi.advanceTimersByTimeAsync(200);
    }
    // 4 s of keys: started at 0 and again after each refresh.
    expect(sent).toEqual(Array(Math.ceil(4000 / TYPING_REFRESH_MS)).fill(true));
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS);
    expect(sent.at(-1)).toBe(false);
    expect(sent.filter((on) => !on)).toHaveLength(1);
  });

  it('stops on blur and on a send, once each, and ignores a failing send', async () => {
    const sent: boolean[] = [];
    const sender = typingSender((on) => {
      sent.push(on);
      throw new Error('offline');
    });
    sender.input();
    sender.stop();
    sender.stop();
    await flush();
    expect(sent).toEqual([true, false]);
    sender.input();
    sender.sent();
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS * 2);
    expect(sent).toEqual([true, false, true, false]);
  });
});

describe('the typing store', () => {
  it('keeps who types per conversation and forgets a "started" that is not repeated', () => {
    setTyping('Vera', 'c1');
    setTyping('Tom', 'c2');
    vi.advanceTimersByTime(TYPING_TTL_MS - 1000);
    setTyping('Tom', 'c2');
    vi.advanceTimersByTime(1000);
    expect([getTyping('c1'), getTyping('c2')]).toEqual([null, 'Tom']);
    setTyping(null);
    expect(getTyping('c2')).toBeNull();
  });
});
