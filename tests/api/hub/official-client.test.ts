import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { createTestApp, type TestApp } from '../helpers/app';
import { baseUrl, nextMessage, officialClient } from './clients';

let t: TestApp;
let url: string;
let token: string;
let userId: string;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${baseUrl(t.app)}/hubs/notifications`;
  const session = await t.login('user@demo.test');
  token = session.access;
  userId = session.res.json().result.id;
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

function client(factory: () => string | Promise<string>, options?: { skipNegotiation?: boolean }) {
  const c = officialClient(url, factory, options);
  open.push(c);
  return c;
}

describe('the official client', () => {
  it('connects with a Bearer header and receives a push published through the hub', async () => {
    const c = client(() => token);
    await c.start();
    expect(t.app.ctx.hub.connectionCount()).toBe(1);
    const received = nextMessage(c, 'ReceiveMessage');
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['hi'] });
    expect(await received).toEqual(['hi']);
    await c.stop();
    await expect.poll(() => t.app.ctx.hub.connectionCount()).toBe(0);
  });

  it('a push for another user does not arrive', async () => {
    const c = client(() => token);
    await c.start();
    const received = nextMessage(c, 'ReceiveMessage', 500);
    await t.app.ctx.hub.publish({ kind: 'user', userId: 'someone-else', target: 'ReceiveMessage', args: ['no'] });
    await expect(received).rejects.toThrow(/no ReceiveMessage/);
    await c.stop();
  });

  it('negotiates when negotiation is not skipped, then connects with ?id=', async () => {
    const c = client(() => token, { skipNegotiation: false });
    await c.start();
    const received = nextMessage(c, 'ReceiveMessage');
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: [1, { a: 2 }] });
    expect(await received).toEqual([1, { a: 2 }]);
    await c.stop();
  });

  it('a bad token ends the connection with an error and no retry', async () => {
    const c = client(() => 'not-a-token');
    let reconnecting = 0;
    c.onreconnecting(() => reconnecting++);
    // During start() the Close message rejects start(); onclose is for established connections.
    await expect(c.start()).rejects.toThrow(/Unauthorized/);
    await new Promise((r) => setTimeout(r, 200));
    expect(reconnecting).toBe(0);
    expect(c.state).toBe('Disconnected');
  });

  it('reconnects by itself when the server drops every socket without a Close message', async () => {
    const c = client(() => token);
    await c.start();
    const reconnected = new Promise<void>((resolve) => c.onreconnected(() => resolve()));
    (t.app.ctx.hub as unknown as { dropAll(): void }).dropAll();
    await reconnected;
    const received = nextMessage(c, 'ReceiveMessage');
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['again'] });
    expect(await received).toEqual(['again']);
    await c.stop();
  });
});
