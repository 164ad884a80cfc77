import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { SoftAuthenticator } from './helpers/passkey-authenticator';
import { accessLogs, passkeys, users } from '../../server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.db.database.db;

async function userId(email: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** Registers a software passkey for `email` through the API; returns it and the stored summary. */
async function registerPasskey(email: string, name?: string) {
  const { access } = await t.login(email);
  const key = new SoftAuthenticator();
  const options = await t.call({ method: 'POST', url: '/api/Passkey/registration-options', token: access });
  expect(options.statusCode).toBe(200);
  const res = await t.call({
    method: 'POST',
    url: '/api/Passkey/registration',
    token: access,
    payload: { registrationRawResponse: key.register(options.json().result), ...(name ? { name } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { key, access, passkey: res.json().result as { id: string; name: string } };
}

async function assertionOptions(payload: object = {}) {
  const res = await t.call({ method: 'POST', url: '/api/Passkey/assertion-options', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    assertionOptions: { challenge: string; allowCredentials?: { id: string }[] };
    userId: string | null;
  };
}

const assertion = (payload: object) => t.call({ method: 'POST', url: '/api/Passkey/assertion', payload });

describe('registering a passkey from the profile', () => {
  it('gives options for the signed-in user, bound to the RP ID of the request, and stores the verified key', async () => {
    const { access } = await t.login('user@demo.test');
    const res = await t.call({ method: 'POST', url: '/api/Passkey/registration-options', token: access });
    expect(res.statusCode).toBe(200);
    const options = res.json().result;
    expect(options.rp).toEqual({ name: 'Back Office', id: 'localhost' });
    expect(options.user.name).toBe('user@demo.test');
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(await userId('user@demo.test'));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');

    const key = new SoftAuthenticator();
    const stored = await t.call({
      method: 'POST',
      url: '/api/Passkey/registration',
      token: access,
      payload: { registrationRawResponse: key.register(options), name: 'Laptop' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().result).toMatchObject({ name: 'Laptop', deviceType: 'singleDevice', lastUsedAt: null });

    const list = await t.call({ method: 'GET', url: '/api/Passkey/passkeys', token: access });
    expect(list.json().result.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
    expect(JSON.parse(String(list.headers['paging-data']))).toMatchObject({ totalCount: 1 });
    const [row] = await db().select().from(passkeys).where(eq(passkeys.credentialId, key.id));
    expect(row).toMatchObject({ rpId: 'localhost', counter: 0, transports: ['internal'] });

    const logged = await db()
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.userId, row!.userId), eq(accessLogs.event, 'passkey_added')));
    expect(logged).toHaveLength(1);

    // The next options exclude the passkey already registered.
    const again = await t.call({ method: 'POST', url: '/api/Passkey/registration-options', token: access });
    expect(again.json().result.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
  });

  it('refuses a challenge used twice, an expired one, and one issued to another user', async () => {
    const { access } = await t.login('mover@demo.test');
    const options = (await t.call({ method: 'POST', url: '/api/Passkey/registration-options', token: access })).json()
      .result;
    const key = new SoftAuthenticator();
    const body = { registrationRawResponse: key.register(options) };
    const first = await t.call({ method: 'POST', url: '/api/Passkey/registration', token: access, payload: body });
    expect(first.statusCode).toBe(200);
    const second = await t.call({ method: 'POST', url: '/api/Passkey/registration', token: access, payload: body });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('This passkey request has expired. Please try again');

    const late = (await t.call({ method: 'POST', url: '/api/Passkey/registration-options', token: access })).json()
      .result;
    t.clock.advance(5 * 60_000 + 1);
    const { access: fresh } = await t.login('mover@demo.test');
    const expired = await t.call({
      method: 'POST',
      url: '/api/Passkey/registration',
      token: fresh,
      payload: { registrationRawResponse: new SoftAuthenticator().register(late) },
    });
    expect(expired.json().message).toBe('This passkey request has expired. Please try again');

    const moverOptions = (
      await t.call({ method: 'POST', url: '/api/Passkey/registration-options', token: fresh })
    ).json().result;
    const { access: other } = await t.login('trucker@demo.test');
    const stolen = await t.call({
      method: 'POST',
      url: '/api/Passkey/registration',
      token: other,
      payload: { registrationRawResponse: new SoftAuthenticator().register(moverOptions) },
    });
    expect(stolen.statusCode).toBe(400);
  });

  it('refuses a response from another origin or RP ID, without user verification, or not signed in', async () => {
    const { access } = await t.login('trucker@demo.test');
    for (const opts of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const options = (await t.call({ method: 'POST', url: '/api/Passkey/registration-options', token: access })).json()
        .result;
      const res = await t.call({
        method: 'POST',
        url: '/api/Passkey/registration',
        token: access,
        payload: { registrationRawResponse: new SoftAuthenticator().register(options, opts) },
      });
      expect(res.statusCode, JSON.stringify(opts)).toBe(400);
      expect(res.json().message).toBe('The passkey could not be verified');
    }
    const anonymous = await t.call({ method: 'POST', url: '/api/Passkey/registration-options' });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await t.call({
      method: 'POST',
      url: '/api/Passkey/registration',
      token: access,
      payload: { registrationRawResponse: { id: 'x' } },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses the same credential registered twice', async () => {
    const { key, access } = await registerPasskey('it@demo.test');
    const options = (await t.call({ method: 'POST', url: '/api/Passkey/registration-options', token: access })).json()
      .result;
    const res = await t.call({
      method: 'POST',
      url: '/api/Passkey/registration',
      token: access,
      payload: { registrationRawResponse: key.register(options) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This passkey is already registered');
  });
});

describe('managing my passkeys', () => {
  it('renames with the form rules, and answers 404 for another user’s passkey', async () => {
    const { passkey, access } = await registerPasskey('clubowner@demo.test');
    expect(passkey.name).toBe('Passkey');
    const url = `/api/Passkey/passkeys?passkeyId=${passkey.id}`;
    const empty = await t.call({ method: 'PATCH', url, token: access, payload: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ name: 'Passkey name is required' });
    const long = await t.call({ method: 'PATCH', url, token: access, payload: { name: 'x'.repeat(65) } });
    expect(long.json().errors).toEqual({ name: 'Passkey name must be at most 64 characters long' });
    const ok = await t.call({ method: 'PATCH', url, token: access, payload: { name: '  Phone  ' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.name).toBe('Phone');

    const { access: stranger } = await t.login('admin@demo.test');
    expect((await t.call({ method: 'PATCH', url, token: stranger, payload: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url, token: stranger })).statusCode).toBe(404);
    const theirs = await t.call({ method: 'GET', url: '/api/Passkey/passkeys', token: stranger });
    expect(theirs.json().result).toEqual([]);
    const badId = await t.call({ method: 'DELETE', url: '/api/Passkey/passkeys?passkeyId=nope', token: access });
    expect(badId.statusCode).toBe(400);

    const removed = await t.call({ method: 'DELETE', url, token: access });
    expect(removed.statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url, token: access })).statusCode).toBe(404);
  });
});

describe('signing in with a passkey', () => {
  let key: SoftAuthenticator;
  let ownerId: string;
  beforeAll(async () => {
    ({ key } = await registerPasskey('venueemployee@demo.test', 'Work phone'));
    ownerId = await userId('venueemployee@demo.test');
  });

  it('opens the same session as a password login (discoverable: empty body, userId null)', async () => {
    const { assertionOptions: options, userId: named } = await assertionOptions();
    expect(named).toBeNull();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const res = await assertion({ assertionRawResponse: key.assert(options), userId: named });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers.refreshtoken).toMatch(/^[\w-]{40,}$/);
    const password = await t.login('venueemployee@demo.test');
    expect(Object.keys(res.json().result).sort()).toEqual(Object.keys(password.res.json().result).sort());
    expect(res.json().result).toMatchObject({ email: 'venueemployee@demo.test', roleName: 'VENUEEMPLOYEE' });

    // The tokens work like any others: a call, then a refresh.
    const access = String(res.headers.authorization).replace(/^Bearer /, '');
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: access })).statusCode).toBe(200);
    const refreshed = await t.call({
      method: 'POST',
      url: '/api/User/refresh-token',
      payload: { accessToken: access, refreshToken: String(res.headers.refreshtoken) },
    });
    expect(refreshed.statusCode).toBe(200);

    const [row] = await db().select().from(passkeys).where(eq(passkeys.credentialId, key.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
    const events = await db()
      .select({ event: accessLogs.event, success: accessLogs.success })
      .from(accessLogs)
      .where(and(eq(accessLogs.userId, ownerId), eq(accessLogs.event, 'passkey')));
    expect(events).toEqual([{ event: 'passkey', success: true }]);
  });

  it('with an email, lists that account’s passkeys and names the account', async () => {
    const { assertionOptions: options, userId: named } = await assertionOptions({ email: 'VenueEmployee@demo.test' });
    expect(named).toBe(ownerId);
    expect(options.allowCredentials!.map((c) => c.id)).toEqual([key.id]);
    const ok = await assertion({ assertionRawResponse: key.assert(options), userId: named });
    expect(ok.statusCode).toBe(200);

    const none = await assertionOptions({ email: 'ghost@demo.test' });
    expect(none.userId).toBeNull();
    const bad = await t.call({ method: 'POST', url: '/api/Passkey/assertion-options', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a reused challenge, an expired one, and an unknown passkey', async () => {
    const { assertionOptions: options } = await assertionOptions();
    const signed = key.assert(options);
    expect((await assertion({ assertionRawResponse: signed })).statusCode).toBe(200);
    const replay = await assertion({ assertionRawResponse: signed });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('This passkey request has expired. Please try again');
    expect(replay.headers.authorization).toBeUndefined();

    const late = await assertionOptions();
    t.clock.advance(5 * 60_000 + 1);
    expect((await assertion({ assertionRawResponse: key.assert(late.assertionOptions) })).json().message).toBe(
      'This passkey request has expired. Please try again',
    );

    const stranger = new SoftAuthenticator();
    stranger.userHandle = Buffer.from(ownerId).toString('base64url');
    const unknown = await assertion({
      assertionRawResponse: stranger.assert((await assertionOptions()).assertionOptions),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('This passkey is not registered for any account');
  });

  it('refuses a counter that does not move forward (a cloned authenticator)', async () => {
    const [before] = await db().select().from(passkeys).where(eq(passkeys.credentialId, key.id));
    const { assertionOptions: options } = await assertionOptions();
    const res = await assertion({ assertionRawResponse: key.assert(options, { counter: before!.counter }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The passkey could not be verified');
    const lower = await assertion({
      assertionRawResponse: key.assert((await assertionOptions()).assertionOptions, { counter: 1 }),
    });
    expect(lower.statusCode).toBe(401);
    const [after] = await db().select().from(passkeys).where(eq(passkeys.credentialId, key.id));
    expect(after!.counter).toBe(before!.counter);
    const failures = await db()
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.userId, ownerId), eq(accessLogs.event, 'passkey'), eq(accessLogs.success, false)));
    expect(failures.length).toBeGreaterThanOrEqual(2);
    // The real authenticator, one step further, still works.
    key.counter = before!.counter;
    expect(
      (await assertion({ assertionRawResponse: key.assert((await assertionOptions()).assertionOptions) })).statusCode,
    ).toBe(200);
  });

  it('refuses a passkey presented for another user, a bad signature, another origin, no user verification', async () => {
    const otherId = await userId('user@demo.test');
    const forOther = await assertion({
      assertionRawResponse: key.assert((await assertionOptions()).assertionOptions),
      userId: otherId,
    });
    expect(forOther.statusCode).toBe(401);
    // Options issued for another account's email cannot be used with this passkey either.
    await registerPasskey('user@demo.test');
    const theirOptions = await assertionOptions({ email: 'user@demo.test' });
    expect(theirOptions.userId).toBe(otherId);
    expect((await assertion({ assertionRawResponse: key.assert(theirOptions.assertionOptions) })).statusCode).toBe(401);

    const tampered = key.assert((await assertionOptions()).assertionOptions);
    tampered.response.signature = Buffer.from('not a signature').toString('base64url');
    expect((await assertion({ assertionRawResponse: tampered })).statusCode).toBe(401);
    for (const opts of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const res = await assertion({
        assertionRawResponse: key.assert((await assertionOptions()).assertionOptions, opts),
      });
      expect(res.statusCode, JSON.stringify(opts)).toBe(401);
    }
    expect((await assertion({ assertionRawResponse: { id: 'x' } })).statusCode).toBe(400);
  });

  it('refuses an inactive account like a password login does (403), and a deleted passkey', async () => {
    await db().update(users).set({ status: 'inactive' }).where(eq(users.id, ownerId));
    const res = await assertion({ assertionRawResponse: key.assert((await assertionOptions()).assertionOptions) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is disabled');
    expect(res.headers.authorization).toBeUndefined();
    await db().update(users).set({ status: 'active' }).where(eq(users.id, ownerId));

    await db().delete(passkeys).where(eq(passkeys.credentialId, key.id));
    const gone = await assertion({ assertionRawResponse: key.assert((await assertionOptions()).assertionOptions) });
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe('This passkey is not registered for any account');
  });
});

describe('a passkey session follows the password-login rules', () => {
  it('is held at two-factor like a password session when the account has two-factor on', async () => {
    const { key } = await registerPasskey('admin@demo.test');
    const adminId = await userId('admin@demo.test');
    await db().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, adminId));
    try {
      const res = await assertion({ assertionRawResponse: key.assert((await assertionOptions()).assertionOptions) });
      expect(res.statusCode).toBe(200);
      const access = String(res.headers.authorization).replace(/^Bearer /, '');
      expect((await t.call({ method: 'GET', url: '/api/User/me', token: access })).statusCode).toBe(200);
      const held = await t.call({ method: 'GET', url: '/api/Passkey/passkeys', token: access });
      expect(held.statusCode).toBe(403);
      expect(held.json().message).toBe('Two-factor verification is required');
    } finally {
      await db().update(users).set({ twoFactorEnabled: false }).where(eq(users.id, adminId));
    }
  });
});

describe('relying party from the configuration (RP_ID, RP_ORIGINS)', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({
      passkey: { rpId: 'example.com', rpName: 'Example', origins: ['https://app.example.com', 'https://evil.test'] },
    });
  });
  afterAll(() => site.close());

  it('binds passkeys to RP_ID and accepts ceremonies only from origins on that domain', async () => {
    const { access } = await site.login('user@demo.test');
    const options = async () =>
      (await site.call({ method: 'POST', url: '/api/Passkey/registration-options', token: access })).json().result;
    const first = await options();
    expect(first.rp).toEqual({ name: 'Example', id: 'example.com' });
    const key = new SoftAuthenticator('example.com', 'https://app.example.com');
    const ok = await site.call({
      method: 'POST',
      url: '/api/Passkey/registration',
      token: access,
      payload: { registrationRawResponse: key.register(first) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Listed in RP_ORIGINS but not on example.com: not an origin for these passkeys.
    const foreign = await site.call({
      method: 'POST',
      url: '/api/Passkey/registration',
      token: access,
      payload: {
        registrationRawResponse: new SoftAuthenticator('example.com', 'https://evil.test').register(await options()),
      },
    });
    expect(foreign.statusCode).toBe(400);

    const signIn = (await site.call({ method: 'POST', url: '/api/Passkey/assertion-options', payload: {} })).json()
      .result;
    expect(signIn.assertionOptions.rpId).toBe('example.com');
    const res = await site.call({
      method: 'POST',
      url: '/api/Passkey/assertion',
      payload: { assertionRawResponse: key.assert(signIn.assertionOptions) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.email).toBe('user@demo.test');
  });
});
