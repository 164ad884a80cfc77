import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getStoredUser,
  hasTwoFactorCookie,
  setStoredUser,
  setTwoFactorCookie,
  signOut,
  subscribe,
  takeSignOutReason,
  updateSession,
} from '../../src/providers/session';
import { storedUser } from './helpers/fixtures';

beforeEach(() => {
  localStorage.clear();
  signOut('logout');
  takeSignOutReason();
});

describe('session storage', () => {
  it('keeps the user under `user` and returns the same object until it changes', () => {
    setStoredUser(storedUser());
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ isLoggedIn: true });
    expect(getStoredUser()).toBe(getStoredUser());
  });

  it('ignores a malformed stored value', () => {
    localStorage.setItem('user', '{"auth":{}}');
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('user', 'not json');
    expect(getStoredUser()).toBeNull();
  });

  it('tells subscribers about sign-in, updates and sign-out, and remembers why it ended once', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    setStoredUser(storedUser());
    updateSession({ userData: { freeTrial: 3 } });
    expect(getStoredUser()?.userData.freeTrial).toBe(3);
    signOut('expired');
    expect(listener).toHaveBeenCalledTimes(3);
    expect(takeSignOutReason()).toBe('expired');
    expect(takeSignOutReason()).toBeNull();
    unsubscribe();
  });

  it('clears the user, the selected business and the two-factor cookie on sign-out', () => {
    setStoredUser(storedUser());
    localStorage.setItem('selected-business', '{"businessId":"b1"}');
    setTwoFactorCookie();
    expect(hasTwoFactorCookie()).toBe(true);
    signOut('logout');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('selected-business')).toBeNull();
    expect(hasTwoFactorCookie()).toBe(false);
  });
});
