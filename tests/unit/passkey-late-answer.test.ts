// @vitest-environment node
/**
 * A passkey sign-in the server approves after its login page is gone (the user signed in another
 * way, left, or signed out) must not sign anyone in: its fresh session is ended instead.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../src/domain/api-paths';
import { signInWithPasskey } from '../../src/custom/auth/passkey-api';
import type * as ceremony from '../../src/ui/passkeys/passkey-ceremony';
import { isAbort } from '../../src/ui/passkeys/passkey-ceremony';
import { getStoredUser, setStoredUser } from '../../src/providers/session';
import { jsonResponse, storedUser, userData } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';

vi.mock('../../src/ui/passkeys/passkey-ceremony', async (original) => ({
  ...(await original<typeof ceremony>()),
  loadWebAuthnSignIn: async () => ({ startAuthentication: async () => ({ id: 'credential' }) }),
}));

const memory = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
  clear: () => memory.clear(),
});

afterEach(() => memory.clear());

/** The server: options, then a yes with a new session's tokens; logout calls are recorded. */
function server() {
  return stubFetch((url) => {
    if (url.pathname === API.passkeyAssertionOptions)
      return jsonResponse(200, { result: { assertionOptions: { challenge: 'c' }, userId: null } });
    if (url.pathname === API.passkeyAssertion)
      return jsonResponse(
        200,
        { result: userData({ email: 'late@demo.test' }) },
        {
          authorization: 'Bearer late',
          refreshtoken: 'refresh-late',
        },
      );
    return jsonResponse(200, { result: true });
  });
}

describe('a passkey sign-in whose page is gone', () => {
  it('is stored while its page still wants it', async () => {
    server();
    await signInWithPasskey({ autofill: true, stillWanted: () => true });
    expect(getStoredUser()?.userData.email).toBe('late@demo.test');
  });

  it('ends the session it opened instead of storing it, and leaves the stored one alone', async () => {
    setStoredUser(storedUser({ email: 'other@demo.test' }, 'kept'));
    const calls = server();
    const failure = await signInWithPasskey({ autofill: true, stillWanted: () => false }).catch((e: unknown) => e);
    expect(isAbort(failure)).toBe(true);
    expect(getStoredUser()?.userData.email).toBe('other@demo.test');
    await vi.waitFor(() => expect(calls.some((c) => c.url.pathname === API.logout)).toBe(true));
    const logout = calls.find((c) => c.url.pathname === API.logout)!;
    expect(new Headers(logout.init.headers).get('authorization')).toBe('Bearer late');
  });
});
