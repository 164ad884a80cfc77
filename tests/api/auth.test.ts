import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { users } from '../../server/db/schema';
import { REFRESH_REUSE_GRACE_MS } from '../../server/modules/user/sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown) => t.call({ method: 'POST', url: '/api/user/login', payload: payload as object });

describe('POST /api/user/login', () => {
  it('signs in with tokens in the headers and the userData of the product brief in result', async () => {
    const res = await login({ email: 'clubowner@demo.test', password: 'Demo1234!' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers.refreshtoken).toMatch(/^[\w-]{40,}$/);
    const { result } = res.json();
    expect(result).toMatchObject({
      email: 'clubowner@demo.test',
      firstName: 'Carla',
      lastName: 'Owner',
      roleName: 'CLUBOWNER',
      isProfileCompleted: true,
      detailsSubmited: true,
      isVerified: true,
      shouldHaveSubscription: true,
      subscriptionActive: false,
      settings: { twoFactor: false },
      plan: { name: 'Free', price: 0, quota: 10, pagesPerPdf: 5 },
    });
    expect(result.freeTrial).toBeGreaterThan(0);
    expect(result.business).toMatchObject({ companyName: 'Blue Note Club', status: 'active' });
    expect(result).not.toHaveProperty('passwordHash');
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const res = await login({ email: '  USER@Demo.Test ', password: 'Demo1234!' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 for a wrong password and for an unknown account, with the same message', async () => {
    const wrong = await login({ email: 'user@demo.test', password: 'nope' });
    const unknown = await login({ email: 'ghost@demo.test', password: 'Demo1234!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', errors: {} });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers.authorization).toBeUndefined();
  });

  it('answers 400 with per-field messages for missing and malformed fields', async () => {
    const empty = await login({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const bad = await login({ email: 'not-an-email', password: '' });
    expect(bad.json().errors).toEqual({ email: 'Enter a valid email address', password: 'Password is required' });
    const types = await login({ email: ['a'], password: 42 });
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('refuses a disabled account with 403', async () => {
    await t.db.database.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'it@demo.test'));
    const res = await login({ email: 'it@demo.test', password: 'Demo1234!' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is disabled');
    await t.db.database.db.update(users).set({ status: 'active' }).where(eq(users.email, 'it@demo.test'));
  });
});

describe('access tokens', () => {
  it('validate-token returns the userData for a live token and 401 for garbage or none', async () => {
    const { access } = await t.login('mover@demo.test');
    const ok = await t.call({ method: 'POST', url: '/api/User/validate-token', payload: { token: access } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.roleName).toBe('MOVER');
    const bad = await t.call({ method: 'POST', url: '/api/User/validate-token', payload: { token: 'abc.def.ghi' } });
    expect(bad.statusCode).toBe(401);
    const missing = await t.call({ method: 'POST', url: '/api/User/validate-token', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.token).toBe('Token is required');
  });

  it('expires: after the access-token lifetime every call answers 401', async () => {
    const { access } = await t.login('trucker@demo.test');
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: access })).statusCode).toBe(200);
    t.clock.advance(16 * 60 * 1000);
    const me = await t.call({ method: 'GET', url: '/api/User/me', token: access });
    expect(me.statusCode).toBe(401);
    const validate = await t.call({ method: 'POST', url: '/api/User/validate-token', payload: { token: access } });
    expect(validate.statusCode).toBe(401);
  });

  it('a forged token (other key) is refused', async () => {
    const { access } = await t.login('user@demo.test');
    const [h, p] = access.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: forged })).statusCode).toBe(401);
  });
});

describe('refresh-token rotation', () => {
  const refresh = (refreshToken: string, accessToken = '') =>
    t.call({ method: 'POST', url: '/api/User/refresh-token', payload: { accessToken, refreshToken } });

  it('issues a new pair; the old refresh token works only once', async () => {
    const first = await t.login('user@demo.test');
    const r1 = await refresh(first.refresh, first.access);
    expect(r1.statusCode).toBe(200);
    const access2 = String(r1.headers.authorization).replace('Bearer ', '');
    const refresh2 = String(r1.headers.refreshtoken);
    expect(refresh2).not.toBe(first.refresh);
    expect(r1.json().result.email).toBe('user@demo.test');
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: access2 })).statusCode).toBe(200);
    const r2 = await refresh(refresh2);
    expect(r2.statusCode).toBe(200);
  });

  it('reusing a spent refresh token is refused and revokes the whole session family', async () => {
    const first = await t.login('user@demo.test');
    const r1 = await refresh(first.refresh);
    const access2 = String(r1.headers.authorization).replace('Bearer ', '');
    const refresh2 = String(r1.headers.refreshtoken);
    // the thief replays the first token, later than the owner's own races could
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const replay = await refresh(first.refresh);
    expect(replay.statusCode).toBe(401);
    // ...and now the owner's current tokens are dead too
    expect((await refresh(refresh2)).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: access2 })).statusCode).toBe(401);
    // other sessions of the same user are untouched
    const other = await t.login('user@demo.test');
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: other.access })).statusCode).toBe(200);
  });

  it('two concurrent refreshes with one token (two tabs, a reload): both get a pair and the session lives', async () => {
    const first = await t.login('mover@demo.test');
    const results = await Promise.all([refresh(first.refresh), refresh(first.refresh)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => String(r.headers.refreshtoken));
    expect(a).not.toBe(b);
    // Each new token is good once more; the session was not taken for stolen.
    expect((await refresh(a!)).statusCode).toBe(200);
    expect((await refresh(b!)).statusCode).toBe(200);
  });

  it('a spent token presented again within the grace gets a pair; after it, it revokes the session', async () => {
    const first = await t.login('trucker@demo.test');
    expect((await refresh(first.refresh)).statusCode).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_MS - 1_000);
    const again = await refresh(first.refresh);
    expect(again.statusCode).toBe(200);
    t.clock.advance(2_000);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(String(again.headers.refreshtoken))).statusCode).toBe(401);
  });

  it('an unknown or missing refresh token is refused', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const missing = await t.call({ method: 'POST', url: '/api/User/refresh-token', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('the refresh token expires with its session', async () => {
    const first = await t.login('clubowner@demo.test');
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const s = await t.login('admin@demo.test');
    const out = await t.call({ method: 'POST', url: '/api/User/logout', token: s.access });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ result: true });
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: s.access })).statusCode).toBe(401);
    const r = await t.call({ method: 'POST', url: '/api/User/refresh-token', payload: { refreshToken: s.refresh } });
    expect(r.statusCode).toBe(401);
  });

  it('without a token answers 401', async () => {
    expect((await t.call({ method: 'POST', url: '/api/User/logout' })).statusCode).toBe(401);
  });
});
