import { useSyncExternalStore } from 'react';
import type { StoredUser } from '../domain/user';
import { getStoredUser, hasTwoFactorCookie, subscribe } from './session';

/** The stored session, re-rendering on sign-in, sign-out, token refresh and other tabs' changes. */
export function useSession(): StoredUser | null {
  return useSyncExternalStore(subscribe, getStoredUser);
}

/** Whether the two-factor `valid` cookie is present, re-rendering when it is set or cleared. */
export function useTwoFactorValidated(): boolean {
  return useSyncExternalStore(subscribe, hasTwoFactorCookie);
}
