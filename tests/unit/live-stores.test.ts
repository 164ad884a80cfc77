import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLatest, refreshLatest, resetLatest } from '../../src/providers/live/latest-store';
import { canOfferPush, vapidKeyBytes } from '../../src/providers/live/push';
import { getTyping, setTyping, subscribeTyping } from '../../src/providers/live/typing-store';
import { jsonResponse } from './helpers/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  resetLatest();
});

describe('latest notifications store', () => {
  it('collapses concurrent refreshes into one call and one follow-up', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        return jsonResponse(200, { result: { count: calls, notifications: [] } });
      }),
    );
    const first = refreshLatest();
    void refreshLatest();
    void refreshLatest();
    await first;
    await vi.waitFor(() => expect(calls).toBe(2));
    await vi.waitFor(() => expect(getLatest()).toMatchObject({ count: 2, status: 'ready' }));
  });

  it('keeps the last list when a refresh fails, and forgets it on reset', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { result: { count: 3, notifications: [] } })),
    );
    await refreshLatest();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { message: 'boom' })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await refreshLatest();
    expect(getLatest()).toMatchObject({ count: 3, status: 'ready' });
    resetLatest();
    expect(getLatest()).toMatchObject({ count: 0, status: 'idle' });
  });
});

describe('typing store', () => {
  it('tells subscribers who is typing and when they stop', () => {
    const seen: (string | null)[] = [];
    const stop = subscribeTyping(() => seen.push(getTyping()));
    setTyping('Grace');
    setTyping('Grace');
    setTyping(null);
    stop();
    expect(seen).toEqual(['Grace', null]);
  });
});

describe('web push helpers', () => {
  it('decodes a URL-safe base64 VAPID key', () => {
    expect([...vapidKeyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  it('offers push only while the permission is undecided and PushManager exists', () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    vi.stubGlobal('PushManager', function PushManager() {});
    const offered = canOfferPush();
    vi.stubGlobal('Notification', { permission: 'denied' });
    const denied = canOfferPush();
    expect({ offered: offered === 'serviceWorker' in navigator, denied }).toEqual({ offered: true, denied: false });
  });
});
