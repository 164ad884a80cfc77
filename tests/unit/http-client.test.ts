import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../src/domain/api-paths';
import { http } from '../../src/providers/http';
import { login, logout } from '../../src/providers/auth/auth-api';
import {
  getStoredUser,
  hasTwoFactorCookie,
  setStoredUser,
  setTwoFactorCookie,
  takeSignOutNote,
  takeSignOutReason,
} from '../../src/providers/session';
import { jsonResponse, storedUser, userData } from './helpers/fixtures';

type Call = { url: string; method: string; authorization: string | null; body: unknown };

/** A fetch double that records calls; `answer` decides the response for each. */
function mockFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  const to = (path: string) => calls.filter((c) => c.url.toLowerCase().startsWith(path.toLowerCase()));
  return { calls, to };
}

const isRefresh = (call: Call) => call.url.toLowerCase() === API.refreshToken.toLowerCase();

beforeEach(() => {
  localStorage.clear();
  setStoredUser(storedUser());
  localStorage.setItem(
    'selected-business',
    JSON.stringify({ businessId: 'b1', businessName: 'B', businessStatus: 'active' }),
  );
  setTwoFactorCookie();
});

describe('HTTP client: the 401 rule (product brief section 7)', () => {
  it('adds the stored bearer token and unwraps result', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { result: { ok: true } }));
    const { data, status } = await http.get<{ ok: boolean }>('/api/things', { query: { page: 2, perPage: 10 } });
    expect(data).toEqual({ ok: true });
    expect(status).toBe(200);
    expect(calls[0]?.authorization).toBe('Bearer old');
    expect(calls[0]?.url).toBe('/api/things?page=2&perPage=10');
  });

  it('shares one refresh among three concurrent 401s and retries each request once', async () => {
    const { calls, to } = mockFetch((call) => {
      if (isRefresh(call)) {
        return jsonResponse(
          200,
          { result: userData({ firstName: 'Refreshed' }) },
          {
            authorization: 'Bearer new',
            refreshtoken: 'refresh-new',
          },
        );
      }
      return call.authorization === 'Bearer new'
        ? jsonResponse(200, { result: call.url })
        : jsonResponse(401, { message: 'The token is invalid or has expired' });
    });

    const results = await Promise.all([http.get('/api/a'), http.get('/api/b'), http.get('/api/c')]);

    expect(results.map((r) => r.data)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(calls.filter(isRefresh)).toHaveLength(1);
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(to(path).map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer new']);
    }
    const refresh = calls.find(isRefresh);
    expect(refresh?.body).toEqual({ accessToken: 'old', refreshToken: 'refresh-old' });
    // The refresh answer replaces the stored tokens (headers) and user data (result).
    expect(getStoredUser()?.auth).toEqual({ authorization: 'Bearer new', refreshtoken: 'refresh-new' });
    expect(getStoredUser()?.userData.firstName).toBe('Refreshed');
  });

  it('retries without a new refresh when another request renewed the tokens meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockFetch(async (call) => {
      if (isRefresh(call))
        return jsonResponse(200, { result: userData() }, { authorization: 'Bearer new', refreshtoken: 'r2' });
      if (call.url === '/api/slow' && call.authorization === 'Bearer old') {
        await gate; // answers 401 only after the other request has refreshed
        return jsonResponse(401, {});
      }
      return call.authorization === 'Bearer new' ? jsonResponse(200, { result: 1 }) : jsonResponse(401, {});
    });
    const slow = http.get('/api/slow');
    await http.get('/api/fast');
    release();
    await expect(slow).resolves.toMatchObject({ data: 1 });
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  it('signs out when the refresh fails: session, selected business and two-factor cookie cleared', async () => {
    const { calls } = mockFetch((call) =>
      isRefresh(call)
        ? jsonResponse(401, { message: 'The session has expired. Please sign in again' })
        : jsonResponse(401, {}),
    );
    const outcomes = await Promise.allSettled([http.get('/api/a'), http.get('/api/b')]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('selected-business')).toBeNull();
    expect(hasTwoFactorCookie()).toBe(false);
  });

  it("keeps the refused renewal's message (the password changed elsewhere) for the sign-in page to say", async () => {
    takeSignOutReason();
    takeSignOutNote();
    mockFetch((call) =>
      isRefresh(call)
        ? jsonResponse(401, { message: 'Your password was changed, so this session was signed out' })
        : jsonResponse(401, {}),
    );
    await http.get('/api/a').catch(() => undefined);
    expect(getStoredUser()).toBeNull();
    expect(takeSignOutReason()).toBe('expired');
    expect(takeSignOutNote()).toBe('Your password was changed, so this session was signed out');
    // Read once, and a sign-out without a server message leaves none.
    expect(takeSignOutNote()).toBeNull();
  });

  it('a request refused while the user signs out ends the session as that sign-out, not as an expiry', async () => {
    takeSignOutReason();
    let answerLogout!: () => void;
    const logoutAnswered = new Promise<void>((resolve) => (answerLogout = resolve));
    mockFetch(async (call) => {
      if (call.url.toLowerCase() === API.logout.toLowerCase()) {
        await logoutAnswered;
        return jsonResponse(200, { result: true });
      }
      // The server ended the session as the logout reached it: the dashboard's poll and its renewal are refused.
      return isRefresh(call) ? jsonResponse(401, { message: 'The session has expired' }) : jsonResponse(401, {});
    });
    const signingOut = logout();
    await http.get('/api/dashboard').catch(() => undefined);
    answerLogout();
    await signingOut;
    expect(getStoredUser()).toBeNull();
    expect(takeSignOutReason()).toBe('logout');
  });

  it('keeps the session when the refresh gets no answer (offline, or the page left while it was on the way)', async () => {
    const { calls } = mockFetch((call) => {
      if (isRefresh(call)) throw new TypeError('Failed to fetch');
      return jsonResponse(401, {});
    });
    await expect(http.get('/api/a')).rejects.toMatchObject({ status: 0 });
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(getStoredUser()?.auth.refreshtoken).toBe(storedUser().auth.refreshtoken);
    expect(localStorage.getItem('selected-business')).not.toBeNull();
    expect(hasTwoFactorCookie()).toBe(true);
  });

  it('keeps the session when the server cannot answer the refresh now (503, 429)', async () => {
    for (const status of [503, 429]) {
      mockFetch((call) => (isRefresh(call) ? jsonResponse(status, { message: 'busy' }) : jsonResponse(401, {})));
      await expect(http.get('/api/a')).rejects.toMatchObject({ status: 0 });
      expect(getStoredUser()).not.toBeNull();
    }
  });

  it('signs out when the retried request is refused again', async () => {
    const { to } = mockFetch((call) =>
      isRefresh(call)
        ? jsonResponse(200, { result: userData() }, { authorization: 'Bearer new', refreshtoken: 'r2' })
        : jsonResponse(401, {}),
    );
    await expect(http.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(to('/api/a')).toHaveLength(2);
    expect(getStoredUser()).toBeNull();
  });

  it('rejects a login 401 with "Credenciales incorrectas" and does not refresh', async () => {
    localStorage.clear();
    const { calls } = mockFetch(() => jsonResponse(401, { message: 'Invalid email or password' }));
    await expect(login('ada@demo.test', 'wrong')).rejects.toThrow('Credenciales incorrectas');
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(getStoredUser()).toBeNull();
  });

  it.each([API.refreshToken, API.logout])('signs out at once on a 401 from %s', async (path) => {
    const { calls } = mockFetch(() => jsonResponse(401, { message: 'The token is invalid or has expired' }));
    await expect(http.post(path, {})).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('selected-business')).toBeNull();
  });

  it('stores the session from the login headers', async () => {
    localStorage.clear();
    mockFetch(() =>
      jsonResponse(
        200,
        { result: userData({ roleName: 'ClubOwner' as never }) },
        { authorization: 'Bearer t1', refreshtoken: 'r1' },
      ),
    );
    await login('ada@demo.test', 'Demo1234!');
    const stored = getStoredUser();
    expect(stored?.auth).toEqual({ authorization: 'Bearer t1', refreshtoken: 'r1' });
    expect(stored?.isLoggedIn).toBe(true);
    // PascalCase roles from older payloads are stored in the form the rules use.
    expect(stored?.userData.roleName).toBe('CLUBOWNER');
  });
});
