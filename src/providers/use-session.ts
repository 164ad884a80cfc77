import { useSyncExternalStore } from 'react';
import type { StoredUser } from '../domain/user';
import { getStoredUser, subscribe } from './session';

/** The stored session, re-rendering on sign-in, sign-out, token refresh and other tabs' changes. */
export function useSession(): StoredUser | null {
  return useSyncExternalStore(subscribe, getStoredUser);
}
