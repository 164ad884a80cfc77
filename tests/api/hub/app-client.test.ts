/**
 * The app's own hub client (src/providers/live/hub-client.ts) against the real hub, and against a
 * scripted socket for what the hub only does at a time of its choosing (a Close message, silence).
 * The official client's cases (official-client.test.ts) are the reference it must match.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createHubClient, type HubClient, type HubClientOptions } from '../../../src/providers/live/hub-client';
import { createTestApp, type TestApp } from '../helpers/app';
import { RS, baseUrl } from './clients';

let t: TestApp;
let url: string;
let token: string;
let userId: string;
const open: HubClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${baseUrl(t.app)}/hubs/notifications`;
  const session = await t.login('user@demo.test');
  token = session.access;
  userId = session.res.json().result.id;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await t.close();
});

function client(options: Partial<HubClientOptions> & Pick<HubClientOptions, 'url' | 'accessTokenFactory'>) {
  const c = createHubClient({
    reconnectDelays: [0, 50, 100],
    WebSocket: WebSocket as unknown as HubClientOptions['WebSocket'],
    ...options,
  });
  open.push(c);
  return c;
}

function next(c: HubClient, target: string, timeoutMs = 5000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${target} within ${timeoutMs} ms`)), timeoutMs);
    c.on(target, (...args) => {
      clearTimeout(timer);
      resolve(args);
    });
  });
}

describe('the app hub client against the hub', () => {
  it('connects with the token in the URL and receives a push, the target matched case-insensitively', async () => {
    const c = client({ url, accessTokenFactory: () => token });
    await c.start();
    expect(c.state).toBe('connected');
    expect(t.app.ctx.hub.connectionCount()).toBe(1);
    const received = next(c, 'receivemessage');
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['hi', { n: 1 }] });
    expect(await received).toEqual(['hi', { n: 1 }]);
    await c.stop();
    expect(c.state).toBe('disconnected');
    await expect.poll(() => t.app.ctx.hub.connectionCount()).toBe(0);
  });

  it('a bad token ends the connection with Unauthorized and does not retry', async () => {
    let asked = 0;
    const c = client({
      url,
      accessTokenFactory: () => {
        asked++;
        return 'not-a-token';
      },
    });
    // The hub accepts the handshake and then closes with the error: it arrives as the start's
    // failure or, when the start has already resolved, through onclose (the live manager renews
    // the token on either).
    const closed = new Promise<Error | undefined>((resolve) => c.onclose((error) => resolve(error)));
    const outcome = await c.start().then(
      () => closed,
      (error: unknown) => error,
    );
    expect(String(outcome)).toMatch(/Unauthorized/);
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toBe(1);
    expect(c.state).toBe('disconnected');
  });

  it('reconnects by itself, asking for the token again, when the hub drops every socket', async () => {
    let asked = 0;
    const c = client({
      url,
      accessTokenFactory: () => {
        asked++;
        return token;
      },
    });
    await c.start();
    const reconnected = new Promise<void>((resolve) => c.onreconnected(() => resolve()));
    (t.app.ctx.hub as unknown as { dropAll(): void }).dropAll();
    await reconnected;
    expect(asked).toBe(2);
    const received = next(c, 'ReceiveMessage');
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['again'] });
    expect(await received).toEqual(['again']);
  });

  it('a call is refused with the hub’s completion error; send writes without waiting', async () => {
    const c = client({ url, accessTokenFactory: () => token });
    await c.start();
    await expect(c.invoke('NoSuchMethod', 1)).rejects.toThrow(/Unknown hub method 'NoSuchMethod'/);
    await expect(c.send('NoSuchMethod', 1)).resolves.toBeUndefined();
  });
});

/** A socket server that answers the handshake and then does what each test tells it. */
async function scriptedServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const sockets: { ws: WebSocket; url: string; received: string[] }[] = [];
  const connected: ((s: (typeof sockets)[number]) => void)[] = [];
  server.on('connection', (ws, request) => {
    const entry = { ws, url: request.url ?? '', received: [] as string[] };
    sockets.push(entry);
    ws.on('message', (data) => {
      for (const record of data.toString().split(RS).filter(Boolean)) {
        entry.received.push(record);
        // The handshake answer comes in two frames: the client must keep an unfinished record.
        if (record.includes('"protocol"')) {
          ws.send('{');
          ws.send(`}${RS}`);
          connected.shift()?.(entry);
        }
      }
    });
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hub`,
    sockets,
    nextConnection: () => new Promise<(typeof sockets)[number]>((resolve) => connected.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the app hub client against a scripted hub', () => {
  it('a Close message with an error ends for good and reports it; allowReconnect comes back with a fresh token', async () => {
    const server = await scriptedServer();
    try {
      let n = 0;
      const c = client({ url: server.url, accessTokenFactory: () => `token-${++n}` });
      const first = server.nextConnection();
      await c.start();
      expect((await first).url).toContain('access_token=token-1');

      const second = server.nextConnection();
      const reconnected = new Promise<void>((resolve) => c.onreconnected(() => resolve()));
      (await first).ws.send(JSON.stringify({ type: 7, allowReconnect: true }) + RS);
      await reconnected;
      expect((await second).url).toContain('access_token=token-2');

      const closed = new Promise<Error | undefined>((resolve) => c.onclose((error) => resolve(error)));
      (await second).ws.send(JSON.stringify({ type: 7, error: 'Unauthorized' }) + RS);
      expect(String(await closed)).toMatch(/Unauthorized/);
      expect(c.state).toBe('disconnected');
      expect(server.sockets).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('pings when it has sent nothing, and drops and reconnects a silent hub', async () => {
    const server = await scriptedServer();
    try {
      const c = client({
        url: server.url,
        accessTokenFactory: () => 'x',
        keepAliveMs: 50,
        serverTimeoutMs: 300,
      });
      // Listened for before the start: on a loaded machine the first reconnect can come before the
      // pings are counted, and a listener added then waited for the second (a third socket).
      const reconnected = new Promise<void>((resolve) => c.onreconnected(() => resolve()));
      const first = server.nextConnection();
      await c.start();
      await expect
        .poll(() => (server.sockets[0]?.received ?? []).filter((r) => r === '{"type":6}').length)
        .toBeGreaterThan(2);
      await reconnected;
      // The scripted hub stays silent, so each new connection is dropped in its turn after 300 ms.
      expect(server.sockets.length).toBeGreaterThanOrEqual(2);
      expect((await first).ws.readyState).not.toBe(WebSocket.OPEN);
    } finally {
      await server.close();
    }
  });

  it('gives up after its delays and reports the last error', async () => {
    const server = await scriptedServer();
    const c = client({ url: server.url, accessTokenFactory: () => 'x' });
    const first = server.nextConnection();
    await c.start();
    const closed = new Promise<Error | undefined>((resolve) => c.onclose((error) => resolve(error)));
    const closing = server.close();
    (await first).ws.terminate();
    await closing;
    expect(String(await closed)).toMatch(/closed before its handshake/);
    expect(c.state).toBe('disconnected');
  });
});
