/**
 * Webhooks (settings/webhooks): a club owner's endpoints receive venue events, signed, retried
 * with back-off, logged. A receiver runs on 127.0.0.1, so this app allows private addresses
 * (WEBHOOKS_ALLOW_PRIVATE); webhooks-private.test.ts covers the refusal with it off.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, webhookDeliveries } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { insertAccount } from '../../server/modules/user/accounts';
import { recordVenueEvent, runAfterCommit, type VenueEvent } from '../../server/modules/venue/venue-events';
import { deliveryView, RETRY_DELAYS_MS, runDueDeliveries } from '../../server/modules/webhooks/delivery-service';
import { verifyDelivery } from '../../server/modules/webhooks/signature';
import { MESSAGES } from '../../src/domain/messages';
import { WEBHOOK_ENDPOINTS_MAX } from '../../src/domain/webhooks/schemas';
import { createTestApp, type TestApp } from './helpers/app';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let t: TestApp;
let owner: string;
let businessId: string;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** A venue event recorded in a transaction of its own, as a writer would, then its after-commit steps. */
async function emit(event: Omit<VenueEvent, 'occurredAt'>) {
  const after = await t.db.database.db.transaction((tx) => recordVenueEvent(t.app, tx, event));
  await runAfterCommit(t.app, after);
}
/** Status codes the receiver answers next (200 when empty). */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ rateLimit: { enabled: false }, webhooks: { allowPrivate: true, pollMs: 0 } });
  const o = await t.login('clubowner@demo.test');
  owner = o.access;
  businessId = o.res.json().result.business.id;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner) =>
  t.call({ method, url: `/api/Club/webhooks${url}`, token, payload });

/** Endpoints made so far: each gets an address of its own (a business sends to an address once). */
let endpointsMade = 0;
async function create(body: Partial<{ url: string; description: string; events: string[]; active: boolean }> = {}) {
  const res = await call('POST', '', {
    url: `${base}/hook-${++endpointsMade}`,
    events: ['reservation.created'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; secret: string; url: string };
}

describe('endpoints', () => {
  it('creates, reads, lists, updates, rotates and deletes; the secret is whsec_ and shown on the endpoint', async () => {
    const made = await create({ description: 'CRM', events: ['reservation.created', 'ticket.redeemed'] });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const one = await call('GET', `/${made.id}`);
    expect(one.json().result).toMatchObject({ id: made.id, description: 'CRM', secret: made.secret, active: true });
    const list = await call('GET', '?page=1&perPage=10');
    expect(list.statusCode).toBe(200);
    expect(list.headers['paging-data']).toBeTruthy();
    expect(list.json().result.find((e: { id: string }) => e.id === made.id)).not.toHaveProperty('secret');
    const changed = await call('PUT', `/${made.id}`, {
      url: `${base}/other`,
      description: 'CRM 2',
      events: ['event.cancelled'],
      active: false,
    });
    expect(changed.json().result).toMatchObject({ url: `${base}/other`, events: ['event.cancelled'], active: false });
    const rotated = await call('POST', `/${made.id}/rotate-secret`);
    expect(rotated.json().result.secret).toMatch(/^whsec_/);
    expect(rotated.json().result.secret).not.toBe(made.secret);
    expect((await call('DELETE', `/${made.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/${made.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with the form messages', async () => {
    const bad = await call('POST', '', { url: 'ftp://x', events: [], description: 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      url: 'Enter a valid web address starting with https://',
      events: 'Choose at least one event',
      description: 'The description must be at most 200 characters long',
    });
    const creds = await call('POST', '', { url: 'https://me:pw@example.com/x', events: ['ticket.redeemed'] });
    expect(creds.json().errors.url).toBe('The address must not contain a user name or password');
    const long = await call('POST', '', {
      url: `https://example.com/${'a'.repeat(2000)}`,
      events: ['ticket.redeemed'],
    });
    expect(long.json().errors.url).toBe('The address must be at most 2000 characters long');
    const unknown = await call('POST', '', { url: `${base}/x`, events: ['reservation.eaten'] });
    expect(unknown.json().errors['events.0']).toBe('Choose one of the listed values');
    expect((await call('POST', '', { url: `${base}/x` })).json().errors.events).toBe('Choose at least one event');
  });

  it('refuses a second endpoint at an address the business already sends to, on add and on change', async () => {
    // Each event would be delivered to it twice: a hurried owner who added the endpoint again
    // (the first save's dialog closed unnoticed) got every event twice.
    const first = await create({ url: `${base}/same` });
    for (const url of [`${base}/same`, `  ${base}/same `, `${base.replace('http://', 'HTTP://')}/same`]) {
      const again = await call('POST', '', { url, events: ['ticket.redeemed'] });
      expect(again.statusCode, url).toBe(409);
      expect(again.json().errors).toEqual({ url: MESSAGES.webhookUrlTaken });
    }
    const second = await create({ url: `${base}/other` });
    const moved = await call('PUT', `/${second.id}`, { url: `${base}/same`, events: ['ticket.redeemed'] });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors).toEqual({ url: MESSAGES.webhookUrlTaken });
    // Its own address, kept while something else changes, is no clash.
    const kept = await call('PUT', `/${first.id}`, { url: `${base}/same`, events: ['ticket.redeemed'] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await call('DELETE', `/${first.id}`)).statusCode).toBe(200);
    expect((await call('POST', '', { url: `${base}/same`, events: ['ticket.redeemed'] })).statusCode).toBe(200);
  });

  it('other roles are refused, another business sees 404', async () => {
    const made = await create();
    const user = (await t.login('user@demo.test')).access;
    const employee = (await t.login('venueemployee@demo.test')).access;
    for (const token of [user, employee]) {
      expect((await call('GET', '', undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '', { url: `${base}/x`, events: ['ticket.redeemed'] }, token)).statusCode).toBe(403);
      expect((await call('POST', `/${made.id}/test`, undefined, token)).statusCode).toBe(403);
    }
    const [carla] = await t.db.database.db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
    const other = await createBusiness(t.db.database.db, 'Other Club');
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = carla!;
    await insertAccount(t.db.database.db, { ...rest, email: 'other.owner@example.com', businessId: other });
    const stranger = (await t.login('other.owner@example.com')).access;
    for (const [method, url] of [
      ['GET', `/${made.id}`],
      ['DELETE', `/${made.id}`],
      ['POST', `/${made.id}/test`],
      ['POST', `/${made.id}/rotate-secret`],
      ['GET', `/${made.id}/deliveries`],
    ] as const)
      expect((await call(method, url, undefined, stranger)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/${made.id}`, { url: `${base}/x`, events: ['ticket.redeemed'] }, stranger)).statusCode,
    ).toBe(404);
    expect((await call('GET', '', undefined, stranger)).json().result).toEqual([]);
    const malformed = await call('GET', '/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ webhookId: MESSAGES.idInvalid });
  });
});

describe('the limit', () => {
  it('keeps a business at 20 endpoints when the last ones are added at once (two tabs)', async () => {
    const [carla] = await t.db.database.db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
    const club = await createBusiness(t.db.database.db, 'Busy Club');
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = carla!;
    await insertAccount(t.db.database.db, { ...rest, email: 'busy.owner@example.com', businessId: club });
    const busy = (await t.login('busy.owner@example.com')).access;
    const add = (n: number) => call('POST', '', { url: `${base}/hook-${n}`, events: ['ticket.redeemed'] }, busy);
    for (let n = 0; n < WEBHOOK_ENDPOINTS_MAX - 2; n++) expect((await add(n)).statusCode).toBe(200);
    const last = await Promise.all([0, 1, 2, 3].map((n) => add(100 + n)));
    expect(last.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect(last.find((r) => r.statusCode === 409)!.json().message).toBe(MESSAGES.webhookLimit);
    const listed = await call('GET', '?page=1&perPage=50', undefined, busy);
    expect(listed.json().result).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });
});

describe('deliveries', () => {
  it('send test: signed with the secret and a timestamp, logged with status and response time', async () => {
    const made = await create();
    const res = await call('POST', `/${made.id}/test`);
    expect(res.statusCode).toBe(200);
    const delivery = res.json().result;
    expect(delivery).toMatchObject({
      eventType: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
    });
    expect(delivery.lastResponseMs).toBeGreaterThanOrEqual(0);
    const [got] = received;
    expect(got!.headers['webhook-id']).toBe(delivery.id);
    expect(got!.headers['webhook-timestamp']).toBe(String(Math.floor(t.clock.now / 1000)));
    expect(
      verifyDelivery(
        made.secret,
        String(got!.headers['webhook-timestamp']),
        got!.body,
        String(got!.headers['webhook-signature']),
      ),
    ).toBe(true);
    expect(
      verifyDelivery(
        'whsec_wrong',
        String(got!.headers['webhook-timestamp']),
        got!.body,
        String(got!.headers['webhook-signature']),
      ),
    ).toBe(false);
    expect(JSON.parse(got!.body)).toMatchObject({
      id: delivery.id,
      type: 'webhook.test',
      data: { endpointId: made.id },
    });
    const log = await call('GET', `/${made.id}/deliveries?page=1&perPage=5`);
    expect(log.json().result[0]).toMatchObject({ id: delivery.id, status: 'succeeded', lastStatusCode: 200 });
    // A failing receiver: the test delivery fails at once (someone is watching), with the status.
    answers.push(503);
    const failed = (await call('POST', `/${made.id}/test`)).json().result;
    expect(failed).toMatchObject({
      status: 'failed',
      lastStatusCode: 503,
      lastError: 'The endpoint answered HTTP 503',
    });
  });

  it('a venue event queues one delivery per subscribed active endpoint of that business', async () => {
    const subscribed = await create({ events: ['reservation.cancelled'] });
    const other = await create({ events: ['ticket.redeemed'] });
    const off = await create({ events: ['reservation.cancelled'], active: false });
    const anotherBusiness = await createBusiness(t.db.database.db, 'Elsewhere');
    await emit({ type: 'reservation.cancelled', businessId, data: { reservationId: 'r1' } });
    await emit({ type: 'reservation.cancelled', businessId: anotherBusiness, data: {} });
    const count = async (id: string) => (await call('GET', `/${id}/deliveries`)).json().result.length;
    expect(await count(subscribed.id)).toBe(1);
    expect(await count(other.id)).toBe(0);
    expect(await count(off.id)).toBe(0);
    expect(received).toHaveLength(0); // nothing sent on the request path
    expect(await runDueDeliveries(t.app)).toBeGreaterThanOrEqual(1);
    const body = JSON.parse(received.find((r) => r.body.includes('r1'))!.body);
    expect(body).toMatchObject({ type: 'reservation.cancelled', data: { reservationId: 'r1' } });
    expect(typeof body.occurredAt).toBe('string');
    for (const e of [subscribed, other, off]) await call('DELETE', `/${e.id}`);
  });

  it('queues nothing for a write that rolls back: the deliveries are part of its transaction', async () => {
    const made = await create({ events: ['reservation.cancelled'] });
    const failed = t.db.database.db.transaction(async (tx) => {
      await recordVenueEvent(t.app, tx, { type: 'reservation.cancelled', businessId, data: { reservationId: 'r2' } });
      throw new Error('the write failed after its event was recorded');
    });
    await expect(failed).rejects.toThrow('the write failed');
    expect((await call('GET', `/${made.id}/deliveries`)).json().result).toHaveLength(0);
    await call('DELETE', `/${made.id}`);
  });

  it('retries after a failure with back-off and jitter, then gives up after the last', async () => {
    const made = await create({ events: ['event.cancelled'] });
    await emit({ type: 'event.cancelled', businessId, data: { eventId: 'e1' } });
    // Read from the table: the clock moves hours ahead, past the access token's life.
    const row = async () => {
      const [r] = await t.db.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, made.id));
      return { ...deliveryView(r!), nextAttemptAt: r!.status === 'pending' ? r!.nextAttemptAt.toISOString() : null };
    };
    answers.push(...RETRY_DELAYS_MS.map(() => 500), 500);
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      const before = t.clock.now;
      expect(await runDueDeliveries(t.app)).toBe(1);
      const d = await row();
      expect(d).toMatchObject({ status: 'pending', attempts: i + 1, lastStatusCode: 500 });
      expect(d.lastResponseMs).toBeGreaterThanOrEqual(0);
      const wait = Date.parse(d.nextAttemptAt!) - before;
      expect(wait).toBeGreaterThanOrEqual(delay * 0.9);
      expect(wait).toBeLessThanOrEqual(delay * 1.1);
      // Not due yet: nothing is sent.
      t.clock.advance(delay * 0.85);
      expect(await runDueDeliveries(t.app)).toBe(0);
      t.clock.advance(delay * 0.3);
    }
    expect(await runDueDeliveries(t.app)).toBe(1);
    expect(await row()).toMatchObject({ status: 'failed', attempts: 6, nextAttemptAt: null });
    expect(received).toHaveLength(6);
    // The same id on every attempt, so a receiver can drop duplicates.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Retry by hand: sent now; the receiver answers 200 this time.
    owner = (await t.login('clubowner@demo.test')).access;
    const retried = await call('POST', `/${made.id}/deliveries/${(await row()).id}/retry`);
    expect(retried.json().result).toMatchObject({ status: 'succeeded', attempts: 7, lastStatusCode: 200 });
    expect((await call('POST', `/${made.id}/deliveries/00000000-0000-4000-8000-000000000000/retry`)).statusCode).toBe(
      404,
    );
  });

  it('an unreachable or silent receiver is recorded, not thrown', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const made = await create({ url: `http://127.0.0.1:${port}/gone` });
    const res = (await call('POST', `/${made.id}/test`)).json().result;
    expect(res).toMatchObject({ status: 'failed', lastStatusCode: null });
    expect(res.lastError).toBe(`Could not connect to 127.0.0.1 (ECONNREFUSED)`);
    const unresolved = await create({ url: 'https://no-such-host.invalid/hook' });
    const r2 = (await call('POST', `/${unresolved.id}/test`)).json().result;
    expect(r2.lastError).toBe('Could not resolve host no-such-host.invalid');
  });

  it('connects to the checked address and still names the host (Host header)', async () => {
    const port = new URL(base).port;
    const made = await create({ url: `http://localhost:${port}/named` });
    const res = (await call('POST', `/${made.id}/test`)).json().result;
    expect(res.status).toBe('succeeded');
    expect(received.at(-1)!.headers.host).toBe(`localhost:${port}`);
  });

  it('deliveries of a deleted endpoint go with it', async () => {
    const made = await create();
    await call('POST', `/${made.id}/test`);
    await call('DELETE', `/${made.id}`);
    const left = await t.db.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, made.id));
    expect(left).toHaveLength(0);
  });
});
