/**
 * Two-factor end to end through the API, on a controlled clock: enrolment, the server-side gate
 * on sessions that have not passed it, skew window, replay, brute-force lock, recovery codes,
 * disable. Codes are computed from the secret GET two-factor shows, as an app would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { totpCode } from '../../server/modules/security/two-factor-totp';
import { twoFactorCredentials, twoFactorRecoveryCodes, users } from '../../server/db/schema';
import { authenticate } from '../../server/auth/access';
import { createSecretBox } from '../../server/modules/security/two-factor-crypto';

let t: TestApp;
const STEP = 30_000;
const REQUIRED = 'Two-factor verification is required';
const WRONG = 'The code is not valid or has expired';
const LOCKED = 'Too many wrong codes. Two-factor checks are paused for up to 15 minutes';

beforeAll(async () => {
  t = await createTestApp();
  // Start 5 s into a 30-second step so moving by whole steps never straddles a boundary.
  t.clock.now = Math.floor(t.clock.now / STEP) * STEP + 5_000;
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const post = (url: string, token: string, payload?: object) =>
  t.call({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
const authorize = (token: string, code: string) =>
  post(`/api/User/authorize-two-factor?inputCode=${encodeURIComponent(code)}`, token);
const code = (secret: string, offsetSteps = 0) => totpCode(secret, t.clock.now + offsetSteps * STEP);
/** Moves to the next time step, so a fresh code is not a replay of the last one. */
const nextStep = () => t.clock.advance(STEP);

/** Signs in, enrols and enables two-factor (the enabling session is authorised); two steps later. */
async function enable(email: string) {
  const { access, refresh } = await t.login(email);
  const setup = await get('/api/User/two-factor', access);
  expect(setup.statusCode).toBe(200);
  const { secret, nonce } = setup.json().result as { secret: string; nonce: string };
  const res = await post(
    `/api/User/enable-two-factor?inputCode=${code(secret)}&nonce=${encodeURIComponent(nonce)}`,
    access,
  );
  expect(res.statusCode).toBe(200);
  // Two steps on, so the previous step's code is not the (spent) enabling one.
  nextStep();
  nextStep();
  return { access, refresh, secret, recoveryCodes: res.json().result.recoveryCodes as string[] };
}

describe('enrolment', () => {
  it('shows a QR with a nonce, refuses wrong codes and stale nonces, then enables with recovery codes', async () => {
    const { access } = await t.login('user@demo.test');
    const setup = await get('/api/User/two-factor', access);
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const result = setup.json().result;
    expect(result.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    expect(result.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(result.otpauthUri).toBe(
      `otpauth://totp/Back%20Office%3Auser%40demo.test?secret=${result.secret}&issuer=Back%20Office&algorithm=SHA1&digits=6&period=30`,
    );
    expect(result.nonce.length).toBeGreaterThanOrEqual(40);

    // Nothing is on until the code confirms it.
    expect((await get('/api/User/me', access)).json().result.settings.twoFactor).toBe(false);

    const wrongNonce = await post(`/api/User/enable-two-factor?inputCode=${code(result.secret)}&nonce=nope`, access);
    expect(wrongNonce.statusCode).toBe(400);
    expect(wrongNonce.json().message).toBe('This setup has expired. Start again to get a new QR code');

    const badFormat = await post('/api/User/enable-two-factor?inputCode=12345&nonce=x', access);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors.inputCode).toBe('The code must be exactly 6 digits');

    const wrongCode = await post('/api/User/enable-two-factor', access, {
      inputCode: code(result.secret) === '000000' ? '111111' : '000000',
      nonce: result.nonce,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors.inputCode).toBe(WRONG);

    // Another user's nonce does not enable this user, even with a right code for its secret.
    const other = await t.login('mover@demo.test');
    const stolen = await post('/api/User/enable-two-factor', other.access, {
      inputCode: code(result.secret),
      nonce: result.nonce,
    });
    expect(stolen.statusCode).toBe(400);

    // A newer QR replaces the older one.
    const fresh = (await get('/api/User/two-factor', access)).json().result;
    const replaced = await post('/api/User/enable-two-factor', access, {
      inputCode: code(result.secret),
      nonce: result.nonce,
    });
    expect(replaced.statusCode).toBe(400);

    // The nonce is short-lived.
    t.clock.advance(11 * 60_000);
    const late = await post('/api/User/enable-two-factor', access, {
      inputCode: code(fresh.secret),
      nonce: fresh.nonce,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This setup has expired. Start again to get a new QR code');

    // JSON body works as well as the query string.
    const { access: access2 } = await t.login('user@demo.test');
    const last = (await get('/api/User/two-factor', access2)).json().result;
    const done = await post('/api/User/enable-two-factor', access2, {
      inputCode: code(last.secret),
      nonce: last.nonce,
    });
    expect(done.statusCode).toBe(200);
    const codes = done.json().result.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect((await get('/api/User/me', access2)).json().result.settings.twoFactor).toBe(true);
    // The session that enabled it has proved the second factor.
    expect((await get('/api/User/logs', access2)).statusCode).toBe(200);
    // Already on: no new secret.
    expect((await get('/api/User/two-factor', access2)).statusCode).toBe(409);
    // The nonce is spent.
    expect(
      (await post('/api/User/enable-two-factor', access2, { inputCode: code(last.secret), nonce: last.nonce }))
        .statusCode,
    ).toBe(409);

    // At rest: the secret is encrypted, the recovery codes hashed.
    const [user] = await t.db.database.db.select().from(users).where(eq(users.email, 'user@demo.test'));
    const [credential] = await t.db.database.db
      .select()
      .from(twoFactorCredentials)
      .where(eq(twoFactorCredentials.userId, user!.id));
    expect(credential!.secretEncrypted).not.toContain(last.secret);
    expect(credential!.secretEncrypted).toMatch(/^v1\./);
    const stored = await t.db.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user!.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const c of codes) expect(row.codeHash).not.toContain(c.replace('-', ''));
    nextStep();
  });
});

describe('server-side gate', () => {
  it('lets a session of a two-factor user reach only authorize, me and logout until it passes; refresh keeps it', async () => {
    const { secret } = await enable('clubowner@demo.test');
    const login = await t.login('clubowner@demo.test');
    expect(login.res.json().result.settings.twoFactor).toBe(true);

    const logs = await get('/api/User/logs', login.access);
    expect(logs.statusCode).toBe(403);
    expect(logs.json().message).toBe(REQUIRED);
    expect((await get('/api/Notification/latest_notifications', login.access)).statusCode).toBe(403);
    expect((await get('/api/User/two-factor', login.access)).statusCode).toBe(403);
    expect((await post('/api/User/disable-two-factor?inputCode=123456', login.access)).statusCode).toBe(403);
    expect((await get('/api/User/me', login.access)).statusCode).toBe(200);
    const validate = await t.call({
      method: 'POST',
      url: '/api/User/validate-token',
      payload: { token: login.access },
    });
    expect(validate.statusCode).toBe(200);
    expect(validate.json().result.settings.twoFactor).toBe(true);

    // Direct callers of authenticate (the live hub, push) see no session until it passes.
    expect(await authenticate(t.app, login.access)).toBeNull();
    expect(await authenticate(t.app, login.access, { allowBeforeTwoFactor: true })).not.toBeNull();

    // Refresh before passing: still waiting.
    const early = await t.call({
      method: 'POST',
      url: '/api/User/refresh-token',
      payload: { refreshToken: login.refresh },
    });
    expect(early.statusCode).toBe(200);
    const waitingToken = String(early.headers.authorization).replace(/^Bearer /, '');
    expect((await get('/api/User/logs', waitingToken)).statusCode).toBe(403);

    const ok = await authorize(waitingToken, code(secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toEqual({ authorized: true, usedRecoveryCode: false, recoveryCodesLeft: 10 });
    expect((await get('/api/User/logs', waitingToken)).statusCode).toBe(200);

    // Refresh after passing: the new token of the same session keeps it.
    t.clock.advance(1_000); // a token signed in the same second would be byte-identical
    const refreshed = await t.call({
      method: 'POST',
      url: '/api/User/refresh-token',
      payload: { refreshToken: String(early.headers.refreshtoken) },
    });
    const renewed = String(refreshed.headers.authorization).replace(/^Bearer /, '');
    expect(renewed).not.toBe(waitingToken);
    expect((await get('/api/User/logs', renewed)).statusCode).toBe(200);
    expect(await authenticate(t.app, renewed)).not.toBeNull();

    // A new sign-in is a new session: it waits again.
    const other = await t.login('clubowner@demo.test');
    expect((await get('/api/User/logs', other.access)).statusCode).toBe(403);
    // Logout works before passing.
    expect((await post('/api/User/logout', other.access)).statusCode).toBe(200);

    // The access log has the two-factor events.
    const events = ((await get('/api/User/logs?perPage=50', renewed)).json().result as { event: string }[]).map(
      (e) => e.event,
    );
    expect(events).toEqual(expect.arrayContaining(['two_factor_enabled', 'two_factor_authorized']));
    nextStep();
  });
});

describe('codes', () => {
  it('accepts the previous and next step, refuses older codes, wrong codes and replays', async () => {
    const { secret } = await enable('mover@demo.test');
    const a = await t.login('mover@demo.test');

    const expired = await authorize(a.access, code(secret, -2));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(WRONG);
    expect(expired.json().errors.inputCode).toBe(WRONG);

    const wrong = await authorize(a.access, code(secret) === '123456' ? '654321' : '123456');
    expect(wrong.statusCode).toBe(400);

    const format = await authorize(a.access, '12ab');
    expect(format.statusCode).toBe(400);
    expect(format.json().errors.inputCode).toBe('Enter the 6-digit code from your app or a recovery code');

    // Clock drift: the previous step is accepted.
    const previous = code(secret, -1);
    expect((await authorize(a.access, previous)).statusCode).toBe(200);

    // Replayed on another session in the same window: refused.
    const b = await t.login('mover@demo.test');
    const replay = await authorize(b.access, previous);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(WRONG);

    // The next step (a phone clock running ahead) is accepted; after it, the current step is old.
    const ahead = code(secret, 1);
    expect((await authorize(b.access, ahead)).statusCode).toBe(200);
    const c = await t.login('mover@demo.test');
    expect((await authorize(c.access, code(secret))).statusCode).toBe(400);
    nextStep();
    nextStep();
    // Body instead of query string.
    expect((await post('/api/User/authorize-two-factor', c.access, { inputCode: code(secret) })).statusCode).toBe(200);
    nextStep();
  });

  it('locks after 5 wrong codes for 15 minutes, even for the right code, then lets it through', async () => {
    const { secret, recoveryCodes } = await enable('trucker@demo.test');
    const s = await t.login('trucker@demo.test');
    const wrongCode = () => (code(secret) === '000000' ? '999999' : '000000');
    for (let i = 1; i <= 4; i++) expect((await authorize(s.access, wrongCode())).statusCode).toBe(400);
    const fifth = await authorize(s.access, wrongCode());
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe(LOCKED);
    expect(Number(fifth.headers['retry-after'])).toBe(15 * 60);

    const right = await authorize(s.access, code(secret));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(LOCKED);

    // A recovery code does not get around it either, nor does another session.
    expect((await authorize(s.access, recoveryCodes[0]!)).statusCode).toBe(429);
    const other = await t.login('trucker@demo.test');
    expect((await authorize(other.access, code(secret))).statusCode).toBe(429);

    t.clock.advance(14 * 60_000);
    const still = await authorize(s.access, code(secret));
    expect(still.statusCode).toBe(429);
    expect(Number(still.headers['retry-after'])).toBeLessThanOrEqual(60);

    t.clock.advance(61_000);
    // The access token has expired meanwhile (15 min): a new sign-in, then the right code passes.
    const later = await t.login('trucker@demo.test');
    expect((await authorize(later.access, code(secret))).statusCode).toBe(200);
    expect(
      (await get('/api/User/logs?perPage=50', later.access)).json().result.map((e: { event: string }) => e.event),
    ).toEqual(expect.arrayContaining(['two_factor_locked', 'two_factor_failed']));
    nextStep();
  });

  it('uses each recovery code once, and counts a wrong one as a wrong code', async () => {
    const { recoveryCodes } = await enable('it@demo.test');
    const a = await t.login('it@demo.test');
    // As typed on a phone: upper case, no dash.
    const typed = recoveryCodes[0]!.toUpperCase().replace('-', '');
    const used = await authorize(a.access, typed);
    expect(used.statusCode).toBe(200);
    expect(used.json().result).toEqual({ authorized: true, usedRecoveryCode: true, recoveryCodesLeft: 9 });

    const b = await t.login('it@demo.test');
    const again = await authorize(b.access, recoveryCodes[0]!);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WRONG);
    expect((await authorize(b.access, 'aaaaa-bbbbb')).statusCode).toBe(400);
    expect((await authorize(b.access, recoveryCodes[1]!)).statusCode).toBe(200);
    const events = ((await get('/api/User/logs?perPage=50', b.access)).json().result as { event: string }[]).map(
      (e) => e.event,
    );
    expect(events).toEqual(expect.arrayContaining(['two_factor_recovery_code_used', 'two_factor_failed']));
  });
});

describe('disable', () => {
  it('needs an authorised session and a current code; then the account is back to one factor', async () => {
    const { access, secret, recoveryCodes } = await enable('admin@demo.test');
    const wrong = await post('/api/User/disable-two-factor?inputCode=000000', access);
    expect(wrong.statusCode).toBe(400);
    expect((await post(`/api/User/disable-two-factor?inputCode=${code(secret)}`, access)).statusCode).toBe(200);
    expect((await get('/api/User/me', access)).json().result.settings.twoFactor).toBe(false);

    const after = await t.login('admin@demo.test');
    expect(after.res.json().result.settings.twoFactor).toBe(false);
    expect((await get('/api/User/logs', after.access)).statusCode).toBe(200);
    // Old recovery codes are gone with it.
    const stale = await authorize(after.access, recoveryCodes[0]!);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('Two-factor authentication is not enabled');
    const events = ((await get('/api/User/logs?perPage=50', after.access)).json().result as { event: string }[]).map(
      (e) => e.event,
    );
    expect(events).toContain('two_factor_disabled');

    // It can be enabled again from scratch.
    nextStep();
    const again = await enable('admin@demo.test');
    expect(again.recoveryCodes).toHaveLength(10);
    // A recovery code also turns it off (lost phone, after authorising with another one).
    expect(
      (await post('/api/User/disable-two-factor', again.access, { inputCode: again.recoveryCodes[3]! })).statusCode,
    ).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call({ method: 'GET', url: '/api/User/two-factor' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/User/authorize-two-factor?inputCode=123456' })).statusCode).toBe(
      401,
    );
  });
});

describe('secrets at rest', () => {
  it('open only for the user they were sealed for, and not once tampered with', async () => {
    const box = await createSecretBox(t.app);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-a');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-a')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-b')).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('JBSWY3DPEHPK3PXQ').toString('base64url');
    expect(box.open(parts.join('.'), 'user-a')).toBeNull();
    expect(box.open('garbage', 'user-a')).toBeNull();
  });
});
