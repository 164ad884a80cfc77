import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { createTestApp, type TestApp } from '../helpers/app';
import { baseUrl, nextMessage, officialClient } from './clients';

/**
 * Access tokens live 2 s here. The hub times a connection's end from the token's exp on the
 * app's clock (frozen in tests unless advanced) with a real timer, so a connection made with a
 * fresh token is asked to reconnect 1–2 s later.
 */
let t: TestApp;
let url: string;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await createTestApp({ accessTokenTtlSeconds: 2 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${baseUrl(t.app)}/hubs/notifications`;
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

describe('token expiry on the hub', () => {
  it('asks the client to reconnect when its token expires; it comes back with a fresh one', async () => {
    const first = await t.login('user@demo.test');
    const userId = first.res.json().result.id as string;
    const issued: string[] = [];
    const c = officialClient(url, async () => {
      const token = issued.length === 0 ? first.access : (await t.login('user@demo.test')).access;
      issued.push(token);
      return token;
    });
    open.push(c);
    await c.start();
    const reconnected = new Promise<void>((resolve) => c.onreconnected(() => resolve()));
    await reconnected;
    expect(issued.length).toBe(2);
    expect(issued[1]).not.toBe(issued[0]);
    const received = nextMessage(c, 'ReceiveMessage');
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['after expiry'] });
    expect(await received).toEqual(['after expiry']);
    await c.stop();
  });

  it('a session revoked by logout ends with Unauthorized and is not retried', async () => {
    const session = await t.login('user@demo.test');
    const c = officialClient(url, () => session.access);
    open.push(c);
    const closed = new Promise<Error | undefined>((resolve) => c.onclose(resolve));
    await c.start();
    const out = await t.call({ method: 'POST', url: '/api/User/logout', token: session.access });
    expect(out.statusCode).toBe(200);
    expect(String(await closed)).toMatch(/Unauthorized/);
    expect(c.state).toBe('Disconnected');
  });
});
