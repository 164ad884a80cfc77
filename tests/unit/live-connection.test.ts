// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_AFTER_EVENT_MS } from '../../src/domain/constants';
import { HUB_EVENTS } from '../../src/domain/notifications';
import { ROLES, REALTIME_ROLES, type Role } from '../../src/domain/roles';
import {
  bareToken,
  createLiveManager,
  isAuthFailure,
  type HubLike,
  type LiveDeps,
} from '../../src/providers/live/connection-manager';
import { getTyping, setTyping } from '../../src/providers/live/typing-store';
import { userData } from './helpers/fixtures';

class FakeHub implements HubLike {
  handlers = new Map<string, (...args: unknown[]) => void>();
  closeCallbacks: ((error?: Error) => void)[] = [];
  reconnectedCallbacks: (() => void)[] = [];
  start = vi.fn(async () => undefined);
  stop = vi.fn(async () => undefined);
  constructor(readonly tokenFactory: () => string) {}
  on(name: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(name, handler);
  }
  onclose(cb: (error?: Error) => void) {
    this.closeCallbacks.push(cb);
  }
  onreconnected(cb: () => void) {
    this.reconnectedCallbacks.push(cb);
  }
  emit(name: string, ...args: unknown[]) {
    this.handlers.get(name)?.(...args);
  }
  close(error?: Error) {
    for (const cb of this.closeCallbacks) cb(error);
  }
}

function setup(overrides: Partial<LiveDeps> = {}) {
  const hubs: FakeHub[] = [];
  const mocks = {
    createConnection: vi.fn((factory: () => string) => {
      const hub = new FakeHub(factory);
      hubs.push(hub);
      return hub;
    }),
    getAuthorization: vi.fn(() => 'Bearer tok-1'),
    refreshSession: vi.fn(async () => true),
    refreshLatest: vi.fn(async () => undefined),
    fetchMe: vi.fn(async () => userData({ isVerified: true })),
    updateSession: vi.fn(),
    toast: vi.fn(),
    t: (key: string) => `t:${key}`,
    setTyping: vi.fn(setTyping),
    reload: vi.fn(),
    log: { warn: vi.fn() },
    retryDelays: [],
  };
  const manager = createLiveManager({ ...mocks, ...overrides });
  return { manager, deps: mocks, hubs };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('live connection manager', () => {
  beforeEach(() => setTyping(null));
  afterEach(() => vi.useRealTimers());

  it('starts one connection with the bare stored token and re-reads state on connect', async () => {
    const { manager, deps, hubs } = setup();
    await manager.start();
    expect(hubs).toHaveLength(1);
    expect(hubs[0]?.start).toHaveBeenCalledTimes(1);
    expect(hubs[0]?.tokenFactory()).toBe('tok-1');
    expect(deps.refreshLatest).toHaveBeenCalledTimes(1);
    expect(deps.fetchMe).toHaveBeenCalledTimes(1);
    expect(deps.updateSession).toHaveBeenCalledWith({ userData: expect.objectContaining({ isVerified: true }) });
    // the factory reads the stored value each time (a refreshed token is used on reconnect)
    deps.getAuthorization.mockReturnValue('Bearer tok-2');
    expect(hubs[0]?.tokenFactory()).toBe('tok-2');
  });

  it('re-reads state after an automatic reconnect', async () => {
    const { manager, deps, hubs } = setup();
    await manager.start();
    for (const cb of hubs[0]?.reconnectedCallbacks ?? []) cb();
    await flush();
    expect(deps.refreshLatest).toHaveBeenCalledTimes(2);
    expect(deps.fetchMe).toHaveBeenCalledTimes(2);
  });

  it('ReceiveMessage shows the text and refreshes the bell', async () => {
    const { manager, deps, hubs } = setup();
    await manager.start();
    deps.refreshLatest.mockClear();
    hubs[0]?.emit(HUB_EVENTS.receiveMessage, 'Hello there');
    expect(deps.toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', content: 'Hello there' }));
    expect(deps.refreshLatest).toHaveBeenCalledTimes(1);
  });

  it("ReceiveMessage of a system notification shows its title in the screen's language", async () => {
    const noticeTitle = vi.fn((title: string, notice: unknown) => `${title} / ${JSON.stringify(notice)}`);
    const { manager, deps, hubs } = setup({ noticeTitle });
    await manager.start();
    const notice = { titleKey: 'quoteDeclinedTitle', params: { number: 'Q-0001' } };
    hubs[0]?.emit(HUB_EVENTS.receiveMessage, 'Quote Q-0001 declined', notice);
    expect(noticeTitle).toHaveBeenCalledWith('Quote Q-0001 declined', notice);
    expect(deps.toast).toHaveBeenCalledWith(
      expect.objectContaining({ content: `Quote Q-0001 declined / ${JSON.stringify(notice)}` }),
    );
  });

  it('SubscriptionCancel ends the trial and subscription, tells the user and reloads after 1 s', async () => {
    vi.useFakeTimers();
    const { manager, deps, hubs } = setup();
    await manager.start();
    hubs[0]?.emit(HUB_EVENTS.subscriptionCancel, 'cancel');
    expect(deps.updateSession).toHaveBeenCalledWith({ userData: { freeTrial: 0, subscriptionActive: false } });
    expect(deps.toast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'info', content: 't:messages.subscriptionCanceled' }),
    );
    vi.advanceTimersByTime(RELOAD_AFTER_EVENT_MS - 1);
    expect(deps.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('AccountVerified marks the user verified with details submitted and reloads after 1 s', async () => {
    vi.useFakeTimers();
    const { manager, deps, hubs } = setup();
    await manager.start();
    hubs[0]?.emit(HUB_EVENTS.accountVerified, true);
    expect(deps.updateSession).toHaveBeenCalledWith({ userData: { isVerified: true, detailsSubmited: true } });
    expect(deps.toast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', content: 't:live.accountVerified' }),
    );
    vi.advanceTimersByTime(RELOAD_AFTER_EVENT_MS);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('keeps who is typing in the typing store', async () => {
    const { manager, hubs } = setup();
    await manager.start();
    hubs[0]?.emit(HUB_EVENTS.userStartedTyping, 'Grace');
    expect(getTyping()).toBe('Grace');
    hubs[0]?.emit(HUB_EVENTS.userStoppedTyping);
    expect(getTyping()).toBeNull();
    // The live chat names the conversation: a stop about one leaves the other.
    hubs[0]?.emit(HUB_EVENTS.userStartedTyping, 'Vera', 'c1');
    hubs[0]?.emit(HUB_EVENTS.userStartedTyping, 'Tom', 'c2');
    hubs[0]?.emit(HUB_EVENTS.userStoppedTyping, 'c1');
    expect([getTyping('c1'), getTyping('c2'), getTyping()]).toEqual([null, 'Tom', null]);
  });

  it('on a close for an expired token, refreshes through the shared refresh and starts again', async () => {
    const { manager, deps, hubs } = setup();
    await manager.start();
    hubs[0]?.close(new Error('Server returned an error on close: Connection closed with an error. Unauthorized'));
    await flush();
    expect(deps.refreshSession).toHaveBeenCalledTimes(1);
    expect(hubs[0]?.start).toHaveBeenCalledTimes(2);
    expect(deps.fetchMe).toHaveBeenCalledTimes(2);
  });

  it('a refused or failing refresh is only logged, never thrown', async () => {
    const refused = setup({ refreshSession: vi.fn(async () => false) });
    await refused.manager.start();
    refused.hubs[0]?.close(new Error('401'));
    await flush();
    expect(refused.deps.log.warn).toHaveBeenCalled();
    expect(refused.hubs[0]?.start).toHaveBeenCalledTimes(1);

    const failing = setup({ refreshSession: vi.fn(async () => Promise.reject(new Error('network'))) });
    await failing.manager.start();
    failing.hubs[0]?.close(new Error('token expired'));
    await flush();
    expect(failing.deps.log.warn).toHaveBeenCalledWith(expect.stringContaining('refresh'), expect.any(Error));
  });

  it('a start refused as unauthorised refreshes once; other closes do not refresh', async () => {
    let calls = 0;
    const { manager, deps, hubs } = setup();
    await manager.start();
    hubs[0]?.close(new Error('WebSocket closed with status code: 1006'));
    hubs[0]?.close();
    await flush();
    expect(deps.refreshSession).not.toHaveBeenCalled();

    const second = setup();
    second.deps.createConnection.mockImplementation((factory: () => string) => {
      const hub = new FakeHub(factory);
      hub.start.mockImplementation(async () => {
        calls += 1;
        if (calls === 1) throw new Error('Unauthorized');
      });
      second.hubs.push(hub);
      return hub;
    });
    await second.manager.start();
    expect(second.deps.refreshSession).toHaveBeenCalledTimes(1);
    expect(calls).toBe(2);
  });

  it('starts again later when automatic reconnect gives up, and stops trying after the last delay', async () => {
    vi.useFakeTimers();
    const { manager, deps, hubs } = setup({ retryDelays: [1000] });
    await manager.start();
    hubs[0]?.close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(hubs[0]?.start).toHaveBeenCalledTimes(2);
    expect(deps.refreshSession).not.toHaveBeenCalled();
    hubs[0]?.close();
    await vi.advanceTimersByTimeAsync(1000);
    // a successful start resets the attempts, so one more try
    expect(hubs[0]?.start).toHaveBeenCalledTimes(3);
  });

  it('stop closes the connection and a later close does not reconnect', async () => {
    const { manager, deps, hubs } = setup();
    await manager.start();
    await manager.stop();
    expect(hubs[0]?.stop).toHaveBeenCalledTimes(1);
    hubs[0]?.close(new Error('Unauthorized'));
    await flush();
    expect(deps.refreshSession).not.toHaveBeenCalled();
  });

  it('tells auth failures apart and strips the Bearer prefix', () => {
    expect(isAuthFailure(new Error('Unauthorized'))).toBe(true);
    expect(isAuthFailure(new Error('status 401'))).toBe(true);
    expect(isAuthFailure(new Error('The token has expired'))).toBe(true);
    expect(isAuthFailure(new Error('1006'))).toBe(false);
    expect(isAuthFailure(undefined)).toBe(false);
    expect(bareToken('Bearer abc')).toBe('abc');
    expect(bareToken(undefined)).toBe('');
  });
});

describe('who the live pushes of the product brief are for', () => {
  it('USER, CLUBOWNER, MOVER and TRUCKER (the channel also opens for live lists: live-provider.test.tsx)', () => {
    const opens = (role: Role) => REALTIME_ROLES.includes(role);
    expect(ROLES.filter(opens).sort()).toEqual(['CLUBOWNER', 'MOVER', 'TRUCKER', 'USER']);
  });
});
