import type { LiveEvent, LiveProvider } from '@refinedev/core';
import type { RecordsChange } from '../../domain/notifications';

/**
 * Refine's live provider over the hub (docs/architecture.md, "the live path"). With
 * `liveMode: 'auto'`, every `useList` / `useOne` / `useTable` subscribes to the channel
 * `resources/<name>`; a RecordsChanged push for that resource (from this tab, another tab,
 * another user or another server process) makes Refine re-read it through the API.
 *
 * This module holds only the subscriptions: it never loads the SignalR client. The live
 * channel (live-channel.ts, a lazy chunk opened after sign-in) feeds it through
 * `receiveRecordsChange` and `resyncLive`; before that, or for a role without the channel,
 * subscriptions simply wait.
 */

type Callback = (event: LiveEvent) => void;

interface Subscription {
  channel: string;
  types: readonly string[];
  /** Set for a one-record subscription (useOne, useMany): only changes to these ids matter. */
  ids: ReadonlySet<string> | null;
  callback: Callback;
}

type SubscribeOptions = Parameters<LiveProvider['subscribe']>[0];

export const resourceChannel = (resource: string) => `resources/${resource}`;

/** The ids a subscription is limited to, or null for a whole list. */
function idsOf(params: SubscribeOptions['params']): ReadonlySet<string> | null {
  if (!params || (params.subscriptionType !== 'useOne' && params.subscriptionType !== 'useMany')) return null;
  const ids = [...(params.ids ?? []), ...(params.id !== undefined ? [params.id] : [])].map(String);
  return ids.length ? new Set(ids) : null;
}

function wants(subscription: Subscription, event: LiveEvent): boolean {
  if (subscription.channel !== event.channel) return false;
  // A resync ('*') may hide any change; otherwise the subscription names the types it wants.
  if (event.type !== '*' && !subscription.types.includes('*') && !subscription.types.includes(event.type)) {
    return false;
  }
  const changed = event.payload.ids;
  if (!subscription.ids || !changed) return true;
  return changed.some((id) => subscription.ids!.has(String(id)));
}

export interface LiveHub extends LiveProvider {
  /** Hands a RecordsChanged push to the subscriptions of its resource. */
  receive(change: RecordsChange): void;
  /** The channel is up again: every subscription re-reads (what was sent meanwhile is lost). */
  resync(): void;
  /** Open subscriptions (for tests and diagnostics). */
  size(): number;
}

export function createLiveHub(now: () => Date = () => new Date()): LiveHub {
  const subscriptions = new Set<Subscription>();

  const notify = (subscription: Subscription, event: LiveEvent) => {
    // Unsubscribed by an earlier callback of the same event.
    if (!subscriptions.has(subscription)) return;
    try {
      subscription.callback(event);
    } catch (error) {
      console.warn('live: a subscriber failed', error);
    }
  };

  const dispatch = (event: LiveEvent) => {
    for (const subscription of [...subscriptions]) if (wants(subscription, event)) notify(subscription, event);
  };

  return {
    subscribe({ channel, types, params, callback }) {
      const subscription: Subscription = { channel, types: types ?? ['*'], ids: idsOf(params), callback };
      subscriptions.add(subscription);
      return subscription;
    },

    unsubscribe(subscription: unknown) {
      subscriptions.delete(subscription as Subscription);
    },

    /**
     * Refine publishes after each of this tab's own mutations. The server already announces
     * every record change to every tab that may see it (this one included), so resource
     * channels are not repeated here; other channels are delivered within the tab.
     */
    publish(event) {
      if (event.channel.startsWith('resources/')) return;
      dispatch(event);
    },

    receive(change) {
      dispatch({
        channel: resourceChannel(change.resource),
        type: change.action,
        payload: change.ids ? { ids: change.ids } : {},
        date: now(),
      });
    },

    resync() {
      const date = now();
      for (const subscription of [...subscriptions]) {
        notify(subscription, { channel: subscription.channel, type: '*', payload: {}, date });
      }
    },

    size: () => subscriptions.size,
  };
}

/** The app's one live hub: Refine reads it as `liveProvider`, the live channel feeds it. */
export const liveProvider = createLiveHub();

export const receiveRecordsChange = (change: RecordsChange) => liveProvider.receive(change);
export const resyncLive = () => liveProvider.resync();
