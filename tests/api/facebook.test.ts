/**
 * The Facebook page connection (facebook_ads, CLUBOWNER) against a Graph API stand-in on
 * 127.0.0.1 (helpers/graph-stub.ts): connect builds the dialog's address with a signed state;
 * the callback refuses a changed, expired or another business's state and trades the code for a
 * long-lived token kept sealed; status, pages (Facebook's paging followed), save page (a page
 * the account does not manage refused), create page (Facebook's refusal in its words), an
 * expired token turned into "reconnect", Facebook down or hung, disconnect. A server without a
 * Facebook app says so on every call. Other roles are refused everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACEBOOK_API } from '../../src/domain/facebook/api';
import { facebookConnections } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { startGraphStub, STUB_APP, type GraphStub } from './helpers/graph-stub';
import { multipartBody } from './helpers/multipart-body';
import { PNG as TINY_PNG } from './helpers/images';

const APP_URL = 'https://backoffice.example.com';
const REDIRECT = `${APP_URL}/facebook_ads`;
const DIALOG = 'https://www.facebook.com/v21.0/dialog/oauth';

let stub: GraphStub;
let t: TestApp;
let owner: string;
const others: Record<string, string> = {};

beforeAll(async () => {
  stub = await startGraphStub();
  t = await createTestApp({
    appUrl: APP_URL,
    // The state's expiry test moves the clock past 15 minutes; the sessions must outlive it.
    accessTokenTtlSeconds: 86_400,
    rateLimit: { enabled: false },
    facebook: {
      appId: STUB_APP.id,
      appSecret: STUB_APP.secret,
      graphUrl: stub.graphUrl,
      dialogUrl: DIALOG,
      timeoutMs: 2_000,
    },
  });
  owner = (await t.login('clubowner@demo.test')).access;
  for (const who of ['user', 'mover', 'trucker', 'it', 'admin', 'venueemployee'])
    others[who] = (await t.login(`${who}@demo.test`)).access;
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = owner) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const status = async () => (await call('GET', FACEBOOK_API.status)).json().result;

/** The dialog's address the server gives, and the state in it. */
async function connect() {
  const res = await call('POST', FACEBOOK_API.connect);
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().result.url);
  return { url, state: url.searchParams.get('state')! };
}

/** A whole sign-in: connect, Facebook issues a code for the redirect, the screen hands it back. */
async function signIn(code: string) {
  const { state } = await connect();
  stub.issueCode(code, REDIRECT);
  return call('POST', FACEBOOK_API.callback, { code, state });
}

describe('connecting', () => {
  it("connect gives Facebook's login dialog with the app, the screen to come back to, the scopes and a signed state", async () => {
    const { url, state } = await connect();
    expect(`${url.origin}${url.pathname}`).toBe(DIALOG);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: STUB_APP.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_metadata',
    });
    expect(state).toMatch(/^[\w-]+\.[\w-]{22}$/);
    expect(await status()).toEqual({
      configured: true,
      connected: false,
      needsReconnect: false,
      account: null,
      page: null,
      connectedAt: null,
    });
  });

  it('refuses a changed, made-up or expired state, and a callback without its parts, exchanging nothing', async () => {
    const { state } = await connect();
    const [body, mac] = state.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, b: '00000000-0000-4000-8000-000000000000' })).toString(
      'base64url',
    );
    const before = stub.requests.length;
    for (const bad of [`${forged}.${mac}`, `${body}.${mac.slice(0, -2)}AA`, 'not-a-state', `${body}x.${mac}`]) {
      stub.issueCode('code-tampered', REDIRECT);
      const res = await call('POST', FACEBOOK_API.callback, { code: 'code-tampered', state: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('The answer from Facebook could not be confirmed. Connect again');
    }
    const missing = await call('POST', FACEBOOK_API.callback, { state });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['code']);
    t.clock.advance(16 * 60_000);
    const late = await call('POST', FACEBOOK_API.callback, { code: 'code-tampered', state });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('The Facebook sign-in took too long. Connect again');
    expect(stub.requests.length).toBe(before);
    expect((await status()).connected).toBe(false);
  });

  it('trades the code for a long-lived token, reads the account, keeps the token sealed and never shows it', async () => {
    const res = await signIn('code-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      configured: true,
      connected: true,
      needsReconnect: false,
      account: { id: '1001', name: 'Carla Owner' },
      page: null,
    });
    // The exchange repeated the dialog's redirect address; the long-lived token signed /me.
    const exchange = stub.requests.find((r) => r.query.get('code') === 'code-1')!;
    expect(exchange.query.get('redirect_uri')).toBe(REDIRECT);
    const me = stub.requests.filter((r) => r.path === '/v21.0/me').at(-1)!;
    expect(me.query.get('access_token')).toBe('long-short-code-1');
    expect(me.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await t.db.database.db.select().from(facebookConnections);
    expect(row!.userToken).toMatch(/^v1\./);
    expect(row!.userToken).not.toContain('long-short-code-1');
    expect(row!.tokenExpiresAt!.getTime()).toBeGreaterThan(t.clock.now + 59 * 86_400_000);
    expect((await call('GET', FACEBOOK_API.status)).body).not.toContain('long-short');
  });

  it("a code Facebook already took comes back as Facebook's refusal, in its words", async () => {
    const { state } = await connect();
    const res = await call('POST', FACEBOOK_API.callback, { code: 'code-1', state });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Facebook refused: This authorization code has been used.');
    expect((await status()).account).toEqual({ id: '1001', name: 'Carla Owner' });
  });
});

describe('pages', () => {
  it("lists the account's pages across Facebook's paging, without their tokens", async () => {
    const res = await call('GET', FACEBOOK_API.pages);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      { id: '2001', name: 'Blue Note Club', category: 'Bar' },
      { id: '2002', name: 'Blue Note Jazz Nights', category: 'Concert Venue' },
    ]);
    expect(res.body).not.toContain('page-token');
  });

  it('saves a page the account manages, with its token sealed; refuses another page or a malformed id', async () => {
    const foreign = await call('POST', FACEBOOK_API.page, { pageId: '9999' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ pageId: 'This page is not one your Facebook account manages' });
    for (const pageId of ['', 'abc', '12 34']) {
      const bad = await call('POST', FACEBOOK_API.page, { pageId });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ pageId: 'Choose one of your pages' });
    }
    expect((await status()).page).toBeNull();
    const res = await call('POST', FACEBOOK_API.page, { pageId: '2002' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.page).toEqual({ id: '2002', name: 'Blue Note Jazz Nights' });
    const [row] = await t.db.database.db.select().from(facebookConnections);
    expect(row!.pageToken).toMatch(/^v1\./);
    expect(row!.pageToken).not.toContain('page-token-2002');
    // The page in use is said once, by the status; the list carries the pages alone.
    const pages = (await call('GET', FACEBOOK_API.pages)).json().result;
    expect(pages.map((p: object) => Object.keys(p))).toEqual([
      ['id', 'name', 'category'],
      ['id', 'name', 'category'],
    ]);
  });
});

describe('creating a page', () => {
  const create = (fields: Record<string, string>, files: Parameters<typeof multipartBody>[1] = []) => {
    const { payload, headers } = multipartBody(fields, files);
    return t.call({ method: 'POST', url: FACEBOOK_API.pages, token: owner, payload, headers });
  };
  const page = { name: 'Blue Note Rooftop', category: 'BAR', about: 'Live jazz on the roof' };

  it("shows Facebook's refusal in its words (most apps may not create pages), never a 500", async () => {
    stub.state.createPage = 'refuse';
    const res = await create(page);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Facebook refused: Application does not have permission for this action');
  });

  it('sends name, category, about and the picture on to Facebook and answers the new page', async () => {
    stub.state.createPage = 'ok';
    const res = await create(page, [{ name: 'picture', filename: 'roof.png', type: 'image/png', bytes: TINY_PNG }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ id: '3001', name: 'Blue Note Rooftop' });
    const sent = stub.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(sent.path).toBe('/v21.0/1001/accounts');
    const text = sent.body.toString('latin1');
    for (const part of [
      'name="name"',
      'Blue Note Rooftop',
      'name="category_enum"',
      'BAR',
      'Live jazz on the roof',
      'name="picture"',
    ])
      expect(text).toContain(part);
    expect(sent.body.includes(TINY_PNG)).toBe(true);
  });

  it("refuses the form's mistakes with its messages, before asking Facebook", async () => {
    const before = stub.requests.length;
    const blank = await create({ name: '  ', category: 'NOPE', about: 'x'.repeat(256) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({
      name: 'Enter the page name',
      category: 'Choose a category',
      about: 'The description is at most 255 characters',
    });
    const long = await create({ ...page, name: 'x'.repeat(76) });
    expect(long.json().errors).toEqual({ name: 'A page name is at most 75 characters' });
    const notImage = await create(page, [
      { name: 'picture', filename: 'a.png', type: 'image/png', bytes: Buffer.from('plain text, not a picture') },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors).toEqual({ picture: 'The picture must be a PNG or JPEG image' });
    const big = await create(page, [
      { name: 'picture', filename: 'big.png', type: 'image/png', bytes: Buffer.alloc(4 * 1024 * 1024 + 1) },
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual({ picture: 'The picture must be at most 4 MB' });
    expect(stub.requests.length).toBe(before);
  });
});

describe('when Facebook fails', () => {
  it('an expired token answers "reconnect", the status says so until the owner reconnects, keeping the page', async () => {
    stub.expired.add('long-short-code-1');
    const res = await call('GET', FACEBOOK_API.pages);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Facebook no longer accepts this connection (it expired or was withdrawn). Reconnect to Facebook',
    );
    expect(await status()).toMatchObject({ connected: true, needsReconnect: true });
    // Marked: the next call does not ask Facebook again.
    const before = stub.requests.length;
    expect((await call('POST', FACEBOOK_API.page, { pageId: '2001' })).statusCode).toBe(409);
    expect(stub.requests.length).toBe(before);
    expect((await signIn('code-2')).statusCode).toBe(200);
    expect(await status()).toMatchObject({
      needsReconnect: false,
      page: { id: '2002', name: 'Blue Note Jazz Nights' },
    });
  });

  it('Facebook unreachable answers 502 and hung answers 504, each with a clear message', async () => {
    const config = t.app.ctx.config.facebook;
    const graphUrl = config.graphUrl;
    try {
      config.graphUrl = 'http://127.0.0.1:1/v21.0';
      const down = await call('GET', FACEBOOK_API.pages);
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toBe('Could not reach Facebook. Try again in a moment');
      config.graphUrl = graphUrl;
      config.timeoutMs = 300;
      stub.state.hang.add('/v21.0/me/accounts');
      const hung = await call('GET', FACEBOOK_API.pages);
      expect(hung.statusCode).toBe(504);
      expect(hung.json().message).toBe('Facebook did not answer in time. Try again in a moment');
    } finally {
      config.graphUrl = graphUrl;
      config.timeoutMs = 2_000;
      stub.state.hang.clear();
    }
    // Neither is a reason to reconnect.
    expect((await status()).needsReconnect).toBe(false);
  });
});

describe('business and role', () => {
  it('another business of the owner has no connection, and a state signed for one business is refused in another', async () => {
    const added = await t.call({
      method: 'POST',
      url: '/api/Business/add-business',
      token: owner,
      payload: { companyName: 'Blue Note Two' },
    });
    const second = added.json().result.id as string;
    const [first] = await t.db.database.db.select().from(facebookConnections);
    const { state } = await connect();
    const select = (businessId: string) =>
      t.call({ method: 'PATCH', url: '/api/Business/select-business', token: owner, payload: { businessId } });
    expect((await select(second)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ connected: false, account: null, page: null });
    const pages = await call('GET', FACEBOOK_API.pages);
    expect(pages.statusCode).toBe(409);
    expect(pages.json().message).toBe('Connect your Facebook account first');
    expect((await call('POST', FACEBOOK_API.page, { pageId: '2001' })).statusCode).toBe(409);
    stub.issueCode('code-3', REDIRECT);
    const crossed = await call('POST', FACEBOOK_API.callback, { code: 'code-3', state });
    expect(crossed.statusCode).toBe(400);
    // Disconnecting here leaves the first business's connection alone.
    expect((await call('DELETE', FACEBOOK_API.connection)).statusCode).toBe(200);
    expect((await select(first!.businessId)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ connected: true, page: { id: '2002' } });
  });

  it('refuses every other role (403) and the signed out (401) on every call', async () => {
    const calls: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', FACEBOOK_API.status],
      ['POST', FACEBOOK_API.connect],
      ['POST', FACEBOOK_API.callback, { code: 'x', state: 'y' }],
      ['GET', FACEBOOK_API.pages],
      ['POST', FACEBOOK_API.pages, { name: 'x', category: 'BAR' }],
      ['POST', FACEBOOK_API.page, { pageId: '2001' }],
      ['DELETE', FACEBOOK_API.connection],
    ];
    for (const [method, url, payload] of calls) {
      for (const [who, token] of Object.entries(others))
        expect({ who, url, method, status: (await call(method, url, payload, token)).statusCode }).toEqual({
          who,
          url,
          method,
          status: 403,
        });
      expect((await t.call({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    expect((await status()).connected).toBe(true);
  });

  it("disconnect withdraws the app's access on Facebook, then forgets the account, the page and the tokens", async () => {
    const res = await call('DELETE', FACEBOOK_API.connection);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ connected: false, account: null, page: null, withdrawal: 'done' });
    const withdrawn = stub.requests.filter((r) => r.method === 'DELETE');
    expect(withdrawn.map((r) => r.path)).toEqual(['/v21.0/1001/permissions']);
    expect(withdrawn[0]!.query.get('access_token')).toBe('long-short-code-2');
    expect(withdrawn[0]!.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    expect(stub.expired.has('long-short-code-2')).toBe(true);
    const [carla] = await t.db.database.db.select().from(facebookConnections);
    expect(carla).toBeUndefined();
    expect((await call('GET', FACEBOOK_API.pages)).statusCode).toBe(409);
    // Nothing connected: nothing to withdraw, nothing asked of Facebook.
    const again = await call('DELETE', FACEBOOK_API.connection);
    expect(again.json().result).toMatchObject({ connected: false, withdrawal: 'none' });
    expect(stub.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('disconnect with Facebook down still disconnects here, and says the access may remain on Facebook', async () => {
    expect((await signIn('code-4')).statusCode).toBe(200);
    const config = t.app.ctx.config.facebook;
    const graphUrl = config.graphUrl;
    try {
      config.graphUrl = 'http://127.0.0.1:1/v21.0';
      const res = await call('DELETE', FACEBOOK_API.connection);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({ connected: false, account: null, withdrawal: 'failed' });
    } finally {
      config.graphUrl = graphUrl;
    }
    expect(await t.db.database.db.select().from(facebookConnections)).toEqual([]);
  });
});

describe('without a Facebook app on the server', () => {
  let bare: TestApp;
  let token: string;
  beforeAll(async () => {
    bare = await createTestApp({ rateLimit: { enabled: false } });
    token = (await bare.login('clubowner@demo.test')).access;
  });
  afterAll(() => bare?.close());

  it('status says it is not set up; every other call answers 409 saying so, and nothing goes out', async () => {
    const res = await bare.call({ method: 'GET', url: FACEBOOK_API.status, token });
    expect(res.json().result).toEqual({
      configured: false,
      connected: false,
      needsReconnect: false,
      account: null,
      page: null,
      connectedAt: null,
    });
    const before = stub.requests.length;
    const { payload, headers } = multipartBody({ name: 'Club', category: 'BAR' });
    for (const options of [
      { method: 'POST' as const, url: FACEBOOK_API.connect },
      { method: 'POST' as const, url: FACEBOOK_API.callback, payload: { code: 'c', state: 's' } },
      { method: 'GET' as const, url: FACEBOOK_API.pages },
      { method: 'POST' as const, url: FACEBOOK_API.page, payload: { pageId: '2001' } },
      { method: 'POST' as const, url: FACEBOOK_API.pages, payload, headers },
    ]) {
      const answer = await bare.call({ ...options, token });
      expect({ url: options.url, status: answer.statusCode, message: answer.json().message }).toEqual({
        url: options.url,
        status: 409,
        message: 'The Facebook connection is not set up on this server',
      });
    }
    expect(stub.requests.length).toBe(before);
    expect(
      (await bare.call({ method: 'GET', url: FACEBOOK_API.status, token: (await bare.login('user@demo.test')).access }))
        .statusCode,
    ).toBe(403);
  });
});
