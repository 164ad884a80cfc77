/**
 * What each unit file starts with (tests/unit/fresh-storage.ts, a set-up file of the DOM
 * projects): no stored session and no cookies, whichever file ran before it in the worker's
 * shared happy-dom window. Before, cookies carried over: a file that passed two-factor left the
 * `valid` cookie for the files after it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freshPageState } from './fresh-storage';
import { hasTwoFactorCookie, setTwoFactorCookie } from '../../src/providers/session';

type HappyWindow = Window & { happyDOM?: { setURL(url: string): void } };
const go = (path: string) => (window as HappyWindow).happyDOM!.setURL(`${location.origin}${path}`);

afterEach(() => go('/'));

describe('a fresh page state for each unit file', () => {
  it('empties local and session storage', () => {
    localStorage.setItem('user', '{}');
    sessionStorage.setItem('draft', 'x');
    freshPageState();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it("forgets the session's two-factor cookie and any other, whatever path and value they were set with", () => {
    setTwoFactorCookie();
    expect(hasTwoFactorCookie()).toBe(true);
    go('/settings/security');
    document.cookie = 'plain=1';
    document.cookie = 'section=2; Path=/settings';
    document.cookie = 'page=3; Path=/settings/security';
    document.cookie = 'flag';
    expect(document.cookie.split('; ').sort()).toEqual(['flag', 'page=3', 'plain=1', 'section=2', 'valid=true']);
    freshPageState();
    expect(document.cookie).toBe('');
    expect(hasTwoFactorCookie()).toBe(false);
  });
});
