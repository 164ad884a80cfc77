import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { writeNotification } from '../../server/modules/notifications/service';
import { PushService, pushServiceOf, vapidSubject } from '../../server/modules/notifications/push-service';
import { FakeSender } from './helpers/push';
import { appSettings, pushSubscriptions } from '../../server/db/schema';

let t: TestApp;
let fake: FakeSender;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ pushServiceHosts: ['push.example.test'] });
  for (const who of ['user', 'clubowner', 'mover']) {
    const s = await t.login(`${who}@demo.test`);
    tokens[who] = s.access;
    ids[who] = s.res.json().result.id;
  }
});
beforeEach(() => {
  fake = new FakeSender();
  pushServiceOf(t.app.ctx)!.sender = fake;
});
afterAll(() => t.close());

const subscription = (name: string) => ({
  endpoint: `https://push.example.test/send/${name}`,
  expirationTime: null,
  keys: { p256dh: `p256dh-${name}`, auth: `auth-${name}` },
});
const post = (url: string, token: string | undefined, payload: object) =>
  t.call({ method: 'POST', url: `/api/Notification/${url}`, token, payload });
const endpointsOf = async (userId: string) =>
  (
    await t.db.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
  )
    .map((r) => r.endpoint)
    .sort();
const idle = () => pushServiceOf(t.app.ctx)!.idle();

describe('VAPID keys', () => {
  it('are generated on first need, stored, and the same for every process', async () => {
    expect((await t.call({ method: 'GET', url: '/api/Notification/vapid-public-key' })).statusCode).toBe(401);
    const first = await t.call({ method: 'GET', url: '/api/Notification/vapid-public-key', token: tokens.user });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json().result;
    // An uncompressed P-256 point, URL-safe base64 (65 bytes).
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const again = await t.call({ method: 'GET', url: '/api/Notification/vapid-public-key', token: tokens.mover });
    expect(again.json().result.publicKey).toBe(publicKey);
    const [row] = await t.db.database.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
    expect(JSON.parse(row!.value)).toMatchObject({ publicKey, privateKey: expect.any(String) });
    // Another process (a fresh service on the same database) reads the stored pair.
    const other = new PushService(t.db.database.db, t.app.log, 'mailto:x@y.test');
    expect(await other.vapidKeys()).toEqual(JSON.parse(row!.value));
  });

  it('are sent with a mailto: subject taken from the mail sender', () => {
    expect(vapidSubject('Back Office <no-reply@backoffice.local>')).toBe('mailto:no-reply@backoffice.local');
    expect(vapidSubject('ops@example.com')).toBe('mailto:ops@example.com');
    expect(vapidSubject('nonsense')).toBe('mailto:no-reply@backoffice.local');
  });
});

describe('subscriptions', () => {
  it('subscribe stores the browser for the caller; subscribing again updates it', async () => {
    expect((await post('subscribe-push', undefined, subscription('a'))).statusCode).toBe(401);
    expect((await post('subscribe-push', tokens.user, subscription('a'))).json()).toEqual({ result: true });
    expect(await endpointsOf(ids.user!)).toEqual(['https://push.example.test/send/a']);
    // The same browser signed in as someone else now belongs to them.
    await post('subscribe-push', tokens.mover, subscription('a'));
    expect(await endpointsOf(ids.user!)).toEqual([]);
    expect(await endpointsOf(ids.mover!)).toEqual(['https://push.example.test/send/a']);
  });

  it('refuses a malformed subscription with per-field messages', async () => {
    const res = await post('subscribe-push', tokens.user, { endpoint: 'http://insecure.test/x', keys: { p256dh: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      endpoint: 'Invalid value',
      'keys.p256dh': 'This field is required',
      'keys.auth': 'This field is required',
    });
  });

  it('refuses an endpoint that is not a known push service (the server would POST to it)', async () => {
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    for (const endpoint of ['https://169.254.169.254/latest/meta-data', 'https://evil.example/collect']) {
      const res = await post('subscribe-push', tokens.user, { endpoint, keys });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ endpoint: 'This push service is not supported' });
    }
    const change = await post('pushsubscription-change', tokens.user, {
      oldEndpoint: null,
      subscription: { endpoint: 'https://evil.example/collect', keys },
    });
    expect(change.statusCode).toBe(400);
  });

  it('unsubscribe forgets only the caller’s own endpoint', async () => {
    await post('subscribe-push', tokens.clubowner, subscription('owner'));
    await post('unsubscribe-push', tokens.user, { endpoint: subscription('owner').endpoint });
    expect(await endpointsOf(ids.clubowner!)).toEqual(['https://push.example.test/send/owner']);
    expect(
      (await post('unsubscribe-push', tokens.clubowner, { endpoint: subscription('owner').endpoint })).json(),
    ).toEqual({ result: true });
    expect(await endpointsOf(ids.clubowner!)).toEqual([]);
  });

  it('pushsubscription-change replaces the old endpoint with the new subscription', async () => {
    await post('subscribe-push', tokens.clubowner, subscription('old'));
    const res = await post('pushsubscription-change', tokens.clubowner, {
      oldEndpoint: subscription('old').endpoint,
      subscription: subscription('new'),
    });
    expect(res.statusCode).toBe(200);
    expect(await endpointsOf(ids.clubowner!)).toEqual(['https://push.example.test/send/new']);
  });
  it('the service worker (no token) replaces a subscription it proves by the old endpoint', async () => {
    await post('subscribe-push', tokens.user, subscription('sw-old'));
    const res = await post('pushsubscription-change', undefined, {
      oldEndpoint: subscription('sw-old').endpoint,
      subscription: subscription('sw-new'),
    });
    expect(res.statusCode).toBe(200);
    expect(await endpointsOf(ids.user!)).toContain('https://push.example.test/send/sw-new');
    expect(await endpointsOf(ids.user!)).not.toContain('https://push.example.test/send/sw-old');
    // An endpoint nobody registered, or none at all, cannot be attributed to anyone.
    const unknown = await post('pushsubscription-change', undefined, {
      oldEndpoint: subscription('never').endpoint,
      subscription: subscription('stolen'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await post('pushsubscription-change', undefined, { oldEndpoint: null, subscription: subscription('x') }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('pushsubscription-change', 'bad-token', { oldEndpoint: null, subscription: subscription('x') }))
        .statusCode,
    ).toBe(401);
    await post('unsubscribe-push', tokens.user, { endpoint: subscription('sw-new').endpoint });
  });
});

describe('sending', () => {
  it('a new notification is pushed to its recipients with title, message and url', async () => {
    await post('subscribe-push', tokens.user, subscription('u1'));
    await post('subscribe-push', tokens.user, subscription('u2'));
    await post('subscribe-push', tokens.mover, subscription('m1'));
    const n = await writeNotification(t.app, {
      title: 'Push me',
      message: 'Body',
      audience: 'user',
      userId: ids.user,
    });
    await idle();
    expect(fake.sent.map((s) => s.target.endpoint).sort()).toEqual([
      'https://push.example.test/send/u1',
      'https://push.example.test/send/u2',
    ]);
    expect(fake.sent[0]).toMatchObject({
      payload: { title: 'Push me', message: 'Body', url: '/notifications', id: n.id },
      subject: 'mailto:no-reply@backoffice.local',
    });
    expect(fake.sent[0]!.target.keys).toEqual({ p256dh: expect.stringMatching(/^p256dh-u/), auth: expect.any(String) });

    fake.sent = [];
    await writeNotification(t.app, { title: 'Movers', message: 'm', audience: 'role', role: 'MOVER' });
    await idle();
    // The mover took over browser "a" earlier, so both of their browsers get it.
    expect(fake.sent.map((s) => s.target.endpoint).sort()).toEqual([
      'https://push.example.test/send/a',
      'https://push.example.test/send/m1',
    ]);
  });

  it('a 410 or 404 from the push service deletes the subscription; other failures keep it', async () => {
    await post('subscribe-push', tokens.clubowner, subscription('gone'));
    await post('subscribe-push', tokens.clubowner, subscription('missing'));
    await post('subscribe-push', tokens.clubowner, subscription('flaky'));
    fake.fail.set(subscription('gone').endpoint, 410);
    fake.fail.set(subscription('missing').endpoint, 404);
    fake.fail.set(subscription('flaky').endpoint, 500);
    // An admin announcement still succeeds while every push fails.
    const admin = await t.login('admin@demo.test');
    const res = await post('announcement', admin.access, {
      title: 'To owners',
      message: 'm',
      audience: 'role',
      role: 'CLUBOWNER',
    });
    expect(res.statusCode).toBe(200);
    await idle();
    expect(await endpointsOf(ids.clubowner!)).toEqual([
      'https://push.example.test/send/flaky',
      'https://push.example.test/send/new',
    ]);
  });
});
