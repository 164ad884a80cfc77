/**
 * The inbox's contacts are re-read when the live channel names a change (src/custom/chat/chat-api.ts),
 * but not before the inbox knows its domain: a disabled query's refetch() still runs, and the
 * contacts of no domain are a 400 (it happened when a live resync came before the domains list).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';

const refetch = vi.fn(async () => undefined);
let onLiveEvent: (() => void) | undefined;
vi.mock('@refinedev/core', () => ({
  useCustom: () => ({ query: { data: undefined, refetch } }),
  useList: () => ({ result: { data: [] }, query: {} }),
  useSubscription: (options: { onLiveEvent: () => void }) => {
    onLiveEvent = options.onLiveEvent;
  },
}));
const { useContacts } = await import('../../src/custom/chat/chat-api');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the inbox contacts on a live event', () => {
  it('asks nothing while there is no domain yet', () => {
    renderHook(() => useContacts('', undefined, false));
    onLiveEvent!();
    expect(refetch).not.toHaveBeenCalled();
  });

  it("re-reads the domain's contacts once it has one", () => {
    renderHook(() => useContacts('d1', undefined, false));
    onLiveEvent!();
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
