import type { LatestNotifications } from '../../domain/notifications';
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
        if (gen === generation) set({ ...latest, status: 'ready' });
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
