import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Refine, useList, useOne, type DataProvider, type LiveEvent } from '@refinedev/core';
import { HUB_EVENTS } from '../../src/domain/notifications';
import { ROLES } from '../../src/domain/roles';
import { asRecordsChange, createLiveManager, type HubLike } from '../../src/providers/live/connection-manager';
import { createLiveHub, type LiveHub } from '../../src/providers/live/live-provider';
import { LIVE_CHANNEL_ROLES } from '../../src/providers/live/live-roles';
import { userData } from './helpers/fixtures';

/** The part of a SignalR connection the manager uses, driven by the test. */
class FakeHub implements HubLike {
  handlers = new Map<string, (...args: unknown[]) => void>();
  reconnected: (() => void)[] = [];
  start = vi.fn(async () => undefined);
  stop = vi.fn(async () => undefined);
  on(name: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(name, handler);
  }
  onclose() {}
  onreconnected(cb: () => void) {
    this.reconnected.push(cb);
  }
  emit(name: string, ...args: unknown[]) {
    this.handlers.get(name)?.(...args);
  }
}

function connect(hub: LiveHub) {
  const fake = new FakeHub();
  const manager = createLiveManager({
    createConnection: () => fake,
    getAuthorization: () => 'Bearer t',
    refreshSession: async () => true,
    refreshLatest: async () => undefined,
    fetchMe: async () => userData(),
    updateSession: () => undefined,
    toast: () => undefined,
    t: (key) => key,
    setTyping: () => undefined,
    recordsChanged: (change) => hub.receive(change),
    connected: () => hub.resync(),
    reload: () => undefined,
    retryDelays: [],
  });
  return { fake, manager };
}

const listOf = (resource: string) => ({ channel: `resources/${resource}`, types: ['*'] as string[] });

describe('the live provider', () => {
  it('hands a RecordsChanged push to the subscriptions of its resource as a Refine live event', async () => {
    const hub = createLiveHub(() => new Date('2026-01-02T03:04:05Z'));
    const contacts = vi.fn();
    const deals = vi.fn();
    hub.subscribe({ ...listOf('contacts'), params: { subscriptionType: 'useList' }, callback: contacts });
    hub.subscribe({ ...listOf('deals'), params: { subscriptionType: 'useList' }, callback: deals });
    const { fake, manager } = connect(hub);
    await manager.start();
    contacts.mockClear();
    deals.mockClear();

    fake.emit(HUB_EVENTS.recordsChanged, { resource: 'contacts', action: 'created', ids: ['c1'] });
    expect(contacts).toHaveBeenCalledTimes(1);
    expect(contacts.mock.calls[0]![0]).toEqual<LiveEvent>({
      channel: 'resources/contacts',
      type: 'created',
      payload: { ids: ['c1'] },
      date: new Date('2026-01-02T03:04:05Z'),
    });
    expect(deals).not.toHaveBeenCalled();

    // "The list changed": no ids.
    fake.emit(HUB_EVENTS.recordsChanged, { resource: 'deals', action: 'deleted' });
    expect(deals.mock.calls[0]![0]).toMatchObject({ channel: 'resources/deals', type: 'deleted', payload: {} });
    await manager.stop();
  });

  it('a ReceiveMessage (a new notification) makes an open Notifications Center re-read', async () => {
    const hub = createLiveHub();
    const center = vi.fn();
    hub.subscribe({ ...listOf('notifications'), params: { subscriptionType: 'useList' }, callback: center });
    const { fake, manager } = connect(hub);
    await manager.start();
    center.mockClear();
    fake.emit(HUB_EVENTS.receiveMessage, 'Hello');
    expect(center).toHaveBeenCalledWith(
      expect.objectContaining({ channel: 'resources/notifications', type: 'created' }),
    );
    await manager.stop();
  });

  it('ignores malformed pushes', async () => {
    expect(asRecordsChange(null)).toBeNull();
    expect(asRecordsChange('contacts')).toBeNull();
    expect(asRecordsChange({ resource: 'contacts', action: 'exploded' })).toBeNull();
    expect(asRecordsChange({ resource: 1, action: 'created' })).toBeNull();
    expect(asRecordsChange({ resource: 'contacts', action: 'updated', ids: [1, 2] })).toEqual({
      resource: 'contacts',
      action: 'updated',
    });
    const hub = createLiveHub();
    const callback = vi.fn();
    hub.subscribe({ ...listOf('contacts'), callback });
    const { fake, manager } = connect(hub);
    await manager.start();
    callback.mockClear();
    for (const bad of [
      undefined,
      'contacts',
      { resource: 'contacts' },
      { resource: 'contacts', action: 'created; drop' },
    ]) {
      fake.emit(HUB_EVENTS.recordsChanged, bad);
    }
    expect(callback).not.toHaveBeenCalled();
    await manager.stop();
  });

  it('a one-record subscription hears only of its record, or of changes without ids', () => {
    const hub = createLiveHub();
    const one = vi.fn();
    hub.subscribe({
      ...listOf('contacts'),
      params: { subscriptionType: 'useOne', id: 'c1', ids: ['c1'] },
      callback: one,
    });
    hub.receive({ resource: 'contacts', action: 'updated', ids: ['c2', 'c3'] });
    expect(one).not.toHaveBeenCalled();
    hub.receive({ resource: 'contacts', action: 'updated', ids: ['c2', 'c1'] });
    expect(one).toHaveBeenCalledTimes(1);
    hub.receive({ resource: 'contacts', action: 'deleted' });
    expect(one).toHaveBeenCalledTimes(2);
  });

  it('keeps to the event types a subscription names', () => {
    const hub = createLiveHub();
    const deletions = vi.fn();
    hub.subscribe({ channel: 'resources/contacts', types: ['deleted'], callback: deletions });
    hub.receive({ resource: 'contacts', action: 'created', ids: ['c1'] });
    expect(deletions).not.toHaveBeenCalled();
    hub.receive({ resource: 'contacts', action: 'deleted', ids: ['c1'] });
    expect(deletions).toHaveBeenCalledTimes(1);
  });

  it('unsubscribe stops delivery, also for a subscription removed by an earlier callback of the same event', () => {
    const hub = createLiveHub();
    const second = vi.fn();
    const subscriptions: unknown[] = [];
    const first = vi.fn(() => hub.unsubscribe(subscriptions[1]));
    subscriptions.push(hub.subscribe({ ...listOf('contacts'), callback: first }));
    subscriptions.push(hub.subscribe({ ...listOf('contacts'), callback: second }));
    hub.receive({ resource: 'contacts', action: 'created' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    expect(hub.size()).toBe(1);
  });

  it('a failing subscriber does not keep the others from hearing', () => {
    const hub = createLiveHub();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const after = vi.fn();
    hub.subscribe({
      ...listOf('contacts'),
      callback: () => {
        throw new Error('boom');
      },
    });
    hub.subscribe({ ...listOf('contacts'), callback: after });
    hub.receive({ resource: 'contacts', action: 'created' });
    expect(after).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('every (re)connect makes every subscription re-read: pushes sent meanwhile are lost', async () => {
    const hub = createLiveHub();
    const list = vi.fn();
    const one = vi.fn();
    hub.subscribe({ ...listOf('contacts'), callback: list });
    hub.subscribe({ ...listOf('users'), params: { subscriptionType: 'useOne', id: 'u1' }, callback: one });
    const { fake, manager } = connect(hub);
    await manager.start();
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ channel: 'resources/contacts', type: '*' }));
    expect(one).toHaveBeenCalledWith(expect.objectContaining({ channel: 'resources/users', type: '*' }));
    for (const cb of fake.reconnected) cb();
    expect(list).toHaveBeenCalledTimes(2);
    expect(one).toHaveBeenCalledTimes(2);
    await manager.stop();
  });

  it("publish: this tab's own resource mutations are left to the server's push; other channels stay in the tab", () => {
    const hub = createLiveHub();
    const resource = vi.fn();
    const custom = vi.fn();
    hub.subscribe({ ...listOf('contacts'), callback: resource });
    hub.subscribe({ channel: 'drafts', types: ['*'], callback: custom });
    hub.publish!({ channel: 'resources/contacts', type: 'created', payload: { ids: ['c1'] }, date: new Date() });
    expect(resource).not.toHaveBeenCalled();
    hub.publish!({ channel: 'drafts', type: 'saved', payload: {}, date: new Date() });
    expect(custom).toHaveBeenCalledTimes(1);
  });
});

describe('with Refine (liveMode auto)', () => {
  function App({ hub, dataProvider }: { hub: LiveHub; dataProvider: DataProvider }) {
    return (
      <Refine
        dataProvider={dataProvider}
        liveProvider={hub}
        resources={[{ name: 'contacts' }]}
        options={{ disableTelemetry: true, liveMode: 'auto' }}
      >
        <Screens />
      </Refine>
    );
  }
  function Screens() {
    const list = useList<{ id: string; name: string }>({ resource: 'contacts' });
    const one = useOne<{ id: string; name: string }>({ resource: 'contacts', id: 'c1' });
    return (
      <>
        <output data-testid="list">{list.result.data.map((r) => r.name).join(',')}</output>
        <output data-testid="one">{one.result?.name ?? ''}</output>
      </>
    );
  }

  it('open lists and pages re-read when their resource changes, and only then', async () => {
    let names = ['Ann'];
    let oneName = 'Ann';
    const dataProvider = {
      getApiUrl: () => '',
      getList: vi.fn(async () => ({ data: names.map((name, i) => ({ id: `c${i + 1}`, name })), total: names.length })),
      getOne: vi.fn(async () => ({ data: { id: 'c1', name: oneName } })),
      create: vi.fn(),
      update: vi.fn(),
      deleteOne: vi.fn(),
    } as unknown as DataProvider;
    const hub = createLiveHub();
    render(<App hub={hub} dataProvider={dataProvider} />);
    await waitFor(() => expect(screen.getByTestId('list').textContent).toBe('Ann'));
    await waitFor(() => expect(screen.getByTestId('one').textContent).toBe('Ann'));
    expect(hub.size()).toBe(2);

    names = ['Ann', 'Bob'];
    hub.receive({ resource: 'contacts', action: 'created', ids: ['c2'] });
    await waitFor(() => expect(screen.getByTestId('list').textContent).toBe('Ann,Bob'));

    oneName = 'Ann Lee';
    hub.receive({ resource: 'contacts', action: 'updated', ids: ['c1'] });
    await waitFor(() => expect(screen.getByTestId('one').textContent).toBe('Ann Lee'));

    const lists = vi.mocked(dataProvider.getList).mock.calls.length;
    hub.receive({ resource: 'deals', action: 'created', ids: ['d1'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(vi.mocked(dataProvider.getList).mock.calls.length).toBe(lists);
  });
});

/**
 * Refine's live refresh replaces a load in flight with a fresh one (its invalidation reaches
 * React Query without `cancelRefetch: false`), so a change committed while an earlier re-read
 * is loading is still seen. This pins that: if it ever joined the stale load instead, the
 * second change would stay unseen until the next one.
 */
describe('a change while a re-read is in flight', () => {
  function Names() {
    const list = useList<{ id: string; name: string }>({ resource: 'contacts' });
    return <output data-testid="names">{list.result.data.map((r) => r.name).join(',')}</output>;
  }

  it('a second change during a re-read that began before it is not lost', async () => {
    let names = ['Ann'];
    let hold: (() => void) | null = null;
    const getList = vi.fn(async () => {
      // The answer is what the database held when the read began.
      const snapshot = names.map((name, i) => ({ id: `c${i + 1}`, name }));
      if (getList.mock.calls.length === 2) await new Promise<void>((resolve) => (hold = resolve));
      return { data: snapshot, total: snapshot.length };
    });
    const dataProvider = {
      getApiUrl: () => '',
      getList,
      getOne: vi.fn(),
      create: vi.fn(),
      update: vi.fn(),
      deleteOne: vi.fn(),
    };
    const hub = createLiveHub();
    render(
      <Refine
        dataProvider={dataProvider as unknown as DataProvider}
        liveProvider={hub}
        resources={[{ name: 'contacts' }]}
        options={{ disableTelemetry: true, liveMode: 'auto' }}
      >
        <Names />
      </Refine>,
    );
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Ann'));

    names = ['Ann', 'Bob'];
    hub.receive({ resource: 'contacts', action: 'created', ids: ['c2'] });
    // This re-read began after Bob and before Cy; it is still loading when Cy arrives.
    await waitFor(() => expect(hold).not.toBeNull());
    names = ['Ann', 'Bob', 'Cy'];
    hub.receive({ resource: 'contacts', action: 'created', ids: ['c3'] });
    hold!();
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Ann,Bob,Cy'));
    expect(getList).toHaveBeenCalledTimes(3);
  });
});

describe('who opens the live channel', () => {
  it("the product brief's four, every role with a live list, venue employees (live reservations) and IT (the support desk)", () => {
    expect(ROLES.filter((r) => LIVE_CHANNEL_ROLES.has(r)).sort()).toEqual([
      'ADMIN',
      'CLUBOWNER',
      'IT',
      'MOVER',
      'TRUCKER',
      'USER',
      'VENUEEMPLOYEE',
    ]);
  });
});
