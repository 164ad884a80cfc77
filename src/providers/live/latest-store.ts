import type { LatestNotifications, NotificationItem } from '../../domain/notifications';
import { useSyncExternalStore } from 'react';
import { fetchLatest } from './notifications-api';

/**
 * The caller's unread count and newest unread notifications, shared by the bell and whatever
 * refreshes it (the live channel on ReceiveMessage and on every (re)connect, the centre after
 * a bulk action). Concurrent refreshes collapse into one call plus one follow-up.
 */
export interface LatestState extends LatestNotifications {
  status: 'idle' | 'loading' | 'ready' | 'error';
}

const INITIAL: LatestState = { count: 0, notifications: [], status: 'idle' };
let state: LatestState = INITIAL;
let inFlight: Promise<void> | null = null;
let again = false;
let generation = 0;
const listeners = new Set<() => void>();

function set(next: LatestState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getLatest(): LatestState {
  return state;
}

export function subscribeLatest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The same notification, field by field (its parameters as the server wrote them). */
function sameRow(a: NotificationItem, b: NotificationItem): boolean {
  return (
    a.id === b.id &&
    a.title === b.title &&
    a.message === b.message &&
    a.type === b.type &&
    a.status === b.status &&
    a.notificationDate === b.notificationDate &&
    a.titleKey === b.titleKey &&
    a.messageKey === b.messageKey &&
    JSON.stringify(a.params) === JSON.stringify(b.params)
  );
}

/**
 * The answer of a refresh as the next state. Every live message, reconnect and bulk action
 * refreshes, and the answer is most often the list the bell already has: the array it holds is
 * kept then, so what is worked out from it (each row's words in the screen's language,
 * useNotificationTexts) is not worked out again, and with the count unchanged too the state
 * itself is kept and nothing is drawn again.
 */
function settled(latest: LatestNotifications): LatestState {
  const kept = state.notifications;
  const unchanged =
    kept.length === latest.notifications.length && kept.every((row, i) => sameRow(row, latest.notifications[i]!));
  if (unchanged && state.count === latest.count && state.status === 'ready') return state;
  return { count: latest.count, notifications: unchanged ? kept : latest.notifications, status: 'ready' };
}

/** Fetches the latest notifications again; never throws (a failure keeps the last list). */
export function refreshLatest(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  const gen = generation;
  if (state.status === 'idle') set({ ...state, status: 'loading' });
  inFlight = fetchLatest()
    .then(
      (latest) => {
        if (gen !== generation) return;
        const next = settled(latest);
        if (next !== state) set(next);
      },
      (error: unknown) => {
        console.warn('Could not load the latest notifications', error);
        if (gen === generation) set({ ...state, status: state.status === 'ready' ? 'ready' : 'error' });
      },
    )
    .finally(() => {
      inFlight = null;
      if (again) {
        again = false;
        void refreshLatest();
      }
    });
  return inFlight;
}

/** Forgets the list (sign-out or another user); an answer still in flight is dropped. */
export function resetLatest(): void {
  generation += 1;
  again = false;
  inFlight = null;
  set(INITIAL);
}

export function useLatestNotifications(): LatestState {
  return useSyncExternalStore(subscribeLatest, getLatest);
}
