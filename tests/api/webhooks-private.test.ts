/**
 * With WEBHOOKS_ALLOW_PRIVATE off (the default), a webhook never goes to a private or local
 * address: refused when saved (http, IP literals, localhost, names that resolve there) and again
 * when sent, even for an endpoint saved earlier while it was allowed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../server/db/schema';
import { sendSigned } from '../../server/modules/webhooks/sender';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let owner: string;
let receiver: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  receiver = createServer((_req, res) => {
    hits += 1;
    res.end('ok');
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({ rateLimit: { enabled: false }, webhooks: { allowPrivate: false, pollMs: 0 } });
  owner = (await t.login('clubowner@demo.test')).access;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

const create = (url: string) =>
  t.call({ method: 'POST', url: '/api/Club/webhooks', token: owner, payload: { url, events: ['ticket.redeemed'] } });

describe('private and loopback destinations are refused', () => {
  it('at save time', async () => {
    expect((await create(`http://127.0.0.1:${port}/x`)).json().errors.url).toBe('The address must start with https://');
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      // A name that resolves to loopback (the machine's own hosts file).
      'https://localhost./x',
    ]) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.url, url).toBe(
        'Webhooks can only be sent to public addresses, not to private or local ones',
      );
    }
    // A host that cannot be resolved now is accepted; the send says why it failed.
    expect((await create('https://no-such-host.invalid/x')).statusCode).toBe(200);
  });

  it('at send time, even for an endpoint saved while it was allowed', async () => {
    const res = await create('https://hooks.example.com/x');
    expect(res.statusCode).toBe(200);
    const id = res.json().result.id as string;
    // As if saved earlier, or as if its name now resolved to loopback.
    await t.db.database.db
      .update(webhookEndpoints)
      .set({ url: `http://127.0.0.1:${port}/x` })
      .where(eq(webhookEndpoints.id, id));
    const sent = await t.call({ method: 'POST', url: `/api/Club/webhooks/${id}/test`, token: owner });
    expect(sent.json().result).toMatchObject({ status: 'failed', lastStatusCode: null });
    expect(sent.json().result.lastError).toBe('127.0.0.1 resolves to 127.0.0.1, a private or local address: not sent');
    const byName = await sendSigned({
      url: `http://localhost:${port}/x`,
      secret: 'whsec_x',
      deliveryId: 'd',
      body: '{}',
      timestamp: 1,
      allowPrivate: false,
    });
    expect(byName.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private or local address: not sent$/);
    expect(hits).toBe(0);
  });

  it('a receiver that does not answer in time is recorded as a timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const result = await sendSigned({
      url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/x`,
      secret: 'whsec_x',
      deliveryId: 'd',
      body: '{}',
      timestamp: 1,
      allowPrivate: true,
      timeoutMs: 300,
    });
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 0 seconds' });
    expect(result.responseMs).toBeGreaterThanOrEqual(290);
  });
});
