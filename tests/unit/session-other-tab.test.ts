/**
 * Signing out or in in another tab: the browser tells this tab by a `storage` event on the `user`
 * key (or a cleared storage), and the session (src/providers/session.ts) follows it at once, so
 * the app leaves for /login with the "signed out elsewhere" note instead of calling the API with
 * tokens the other tab has dropped.
 */
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { getStoredUser, setStoredUser, subscribe, takeSignOutReason } from '../../src/providers/session';
import { storedUser } from './helpers/fixtures';

/** What another tab's write looks like here: the storage already changed, then the event. */
function otherTab(newValue: string | null, key: string | null = STORAGE_KEYS.user) {
  if (key === null) localStorage.clear();
  else if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
}

describe('another tab', () => {
  it('signing out signs this tab out, with the reason "elsewhere", and tells the subscribers', () => {
    setStoredUser(storedUser({ roleName: 'USER' }));
    expect(getStoredUser()).not.toBeNull();
    takeSignOutReason();
    const heard = vi.fn();
    const stop = subscribe(heard);
    otherTab(null);
    stop();
    expect(heard).toHaveBeenCalled();
    expect(getStoredUser()).toBeNull();
    expect(takeSignOutReason()).toBe('elsewhere');
  });

  it('clearing the site data counts as signing out', () => {
    setStoredUser(storedUser({ roleName: 'USER' }));
    expect(getStoredUser()).not.toBeNull();
    takeSignOutReason();
    otherTab(null, null);
    expect(getStoredUser()).toBeNull();
    expect(takeSignOutReason()).toBe('elsewhere');
  });

  it('signing in signs this tab in as that user; other keys change nothing', () => {
    const heard = vi.fn();
    const stop = subscribe(heard);
    otherTab('x', 'selected-theme');
    expect(heard).not.toHaveBeenCalled();
    otherTab(JSON.stringify(storedUser({ roleName: 'ADMIN' })));
    stop();
    expect(heard).toHaveBeenCalledOnce();
    expect(getStoredUser()?.userData.roleName).toBe('ADMIN');
    expect(takeSignOutReason()).toBeNull();
  });
});
