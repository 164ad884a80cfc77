import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from '../helpers/app';
import { RS, RawSockets, listeningHub, type RawOptions } from './clients';

/** Malformed and hostile input on raw sockets: each case ends at most its own connection. */
let t: TestApp;
let url: string;
let token: string;
let userId: string;
const sockets = new RawSockets();

const KEEP_ALIVE_MS = 150;
const CLIENT_TIMEOUT_MS = 1000;

beforeAll(async () => {
  ({ t, url, token, userId } = await listeningHub({
    keepAliveMs: KEEP_ALIVE_MS,
    clientTimeoutMs: CLIENT_TIMEOUT_MS,
  }));
});
afterAll(async () => {
  sockets.terminateAll();
  await t.close();
});

const raw = (options?: RawOptions) => sockets.raw(url, options);
const ready = () => sockets.ready(url, token);

const isPush = (text: string) => (r: Record<string, unknown>) =>
  r.type === 1 && r.target === 'ReceiveMessage' && JSON.stringify(r.arguments) === JSON.stringify([text]);

/** A fresh connection still handshakes and gets a push: the server is unharmed. */
async function expectServes() {
  const c = await ready();
  const text = `check-${Math.random()}`;
  await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: [text] });
  const push = await c.waitFor(isPush(text));
  expect(push).not.toHaveProperty('invocationId');
  c.ws.close();
}

describe('handshake', () => {
  it('answers {} to json version 1 and 2, even with messages in the same frame', async () => {
    const v2 = await raw({ token });
    v2.ws.send(`{"protocol":"json","version":2}${RS}{"type":6}${RS}`);
    expect(await v2.waitFor(() => true)).toEqual({});
    v2.ws.close();
  });

  it('refuses another protocol with an error, then closes', async () => {
    const c = await raw({ token });
    c.ws.send(`{"protocol":"messagepack","version":1}${RS}`);
    expect((await c.waitFor((r) => 'error' in r)).error).toMatch(/messagepack/);
    await c.closed;
    await expectServes();
  });

  it('refuses a first message that is not a handshake', async () => {
    const c = await raw({ token });
    c.ws.send(`{"type":1,"target":"Send","arguments":[]}${RS}`);
    expect(await c.waitFor((r) => 'error' in r)).toHaveProperty('error');
    await c.closed;
    await expectServes();
  });

  it('drops a client that never sends the handshake, telling it why', async () => {
    const c = await raw({ token });
    const started = Date.now();
    await c.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 100);
    expect(c.records).toEqual([{ error: 'The handshake was not completed in time.' }]);
    await expectServes();
  });

  it('drops a client that keeps sending but never finishes the handshake', async () => {
    // A byte at a time without the record separator: each frame counts as hearing from the
    // client, so only a deadline on the handshake itself ends it.
    for (const options of [{ token }, {}]) {
      const c = await raw(options);
      const started = Date.now();
      c.ws.send('{');
      const trickle = setInterval(() => c.ws.readyState === WebSocket.OPEN && c.ws.send(' '), CLIENT_TIMEOUT_MS / 10);
      const outcome = await Promise.race([
        c.closed.then(() => 'closed'),
        new Promise((r) => setTimeout(r, CLIENT_TIMEOUT_MS * 3)).then(() => 'still open'),
      ]);
      clearInterval(trickle);
      expect(outcome).toBe('closed');
      expect(Date.now() - started).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 100);
      expect(c.records).toEqual([{ error: expect.stringMatching(/[Hh]andshake/) }]);
    }
    await expectServes();
  });

  it('tells a client without a valid token "Unauthorized" after the handshake', async () => {
    for (const options of [{}, { token: 'garbage' }, { headers: { authorization: 'Bearer garbage' } }]) {
      const c = await raw(options);
      c.ws.send(`{"protocol":"json","version":1}${RS}`);
      expect(await c.waitFor((r) => r.type === 7)).toEqual({ type: 7, error: 'Unauthorized' });
      expect(c.records[0]).toEqual({});
      await c.closed;
    }
    expect(t.app.ctx.hub.connectionCount()).toBe(0);
  });

  it('accepts the token as a Bearer header (the Node client) and the path in any case', async () => {
    const c = await raw({ headers: { authorization: `Bearer ${token}` }, path: '/HUBS/Notifications/' });
    c.ws.send(`{"protocol":"json","version":1}${RS}`);
    await c.waitFor(() => true);
    await expect.poll(() => t.app.ctx.hub.connectionCount()).toBe(1);
    c.ws.close();
    await c.closed;
  });
});

describe('messages after the handshake', () => {
  it('closes on a binary frame with an error', async () => {
    const c = await ready();
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await c.waitFor((r) => r.type === 7)).error).toMatch(/[Bb]inary/);
    await c.closed;
    await expectServes();
  });

  it('drops malformed JSON and unknown message types, and keeps the connection', async () => {
    const c = await ready();
    c.ws.send(`{not json${RS}[1,2]${RS}{"type":"x"}${RS}{"type":99}${RS}{"type":8,"sequenceId":1}${RS}`);
    const text = 'still here';
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: [text] });
    await c.waitFor(isPush(text));
    await expectServes();
  });

  it('answers a call to an unknown method with a Completion error, and ignores one without invocationId', async () => {
    const c = await ready();
    c.ws.send(
      `{"type":1,"target":"Nope","arguments":[]}${RS}{"type":1,"invocationId":"7","target":"Nope","arguments":[]}${RS}`,
    );
    const completion = await c.waitFor((r) => r.type === 3);
    expect(completion).toMatchObject({ type: 3, invocationId: '7' });
    expect(completion.error).toMatch(/Nope/);
    c.ws.send(`{"type":4,"invocationId":"8","target":"Stream","arguments":[]}${RS}`);
    expect(await c.waitFor((r) => r.invocationId === '8')).toMatchObject({ type: 3, error: expect.any(String) });
    expect(c.records.filter((r) => (r as { type?: number }).type === 3)).toHaveLength(2);
    await expectServes();
  });

  it('closes on a message over 32 KB (one frame, or an unfinished record over several)', async () => {
    const big = await ready();
    big.ws.send(`{"type":1,"target":"x","arguments":["${'a'.repeat(40_000)}"]}${RS}`);
    expect((await big.closed).code).toBe(1009);

    const tail = await ready();
    tail.ws.send(`{"type":1,"arguments":["${'a'.repeat(20_000)}`);
    tail.ws.send('b'.repeat(20_000));
    expect((await tail.waitFor((r) => r.type === 7)).error).toMatch(/too large/);
    await tail.closed;
    await expectServes();
  });

  it('keeps a record split over two frames', async () => {
    const c = await ready();
    c.ws.send('{"type":1,"invocationId":"s","tar');
    c.ws.send(`get":"Split","arguments":[]}${RS}`);
    expect((await c.waitFor((r) => r.type === 3)).error).toMatch(/Split/);
  });

  it('closes when the client sends Close', async () => {
    const c = await ready();
    c.ws.send(`{"type":7}${RS}`);
    await c.closed;
    await expectServes();
  });
});

describe('liveness', () => {
  it('pings a quiet connection and drops one that stays silent', async () => {
    const c = await ready();
    const started = Date.now();
    await c.waitFor((r) => r.type === 6, CLIENT_TIMEOUT_MS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
    await c.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 100);
  });

  it('keeps a connection that pings', async () => {
    const c = await ready();
    const timer = setInterval(() => c.ws.send(`{"type":6}${RS}`), CLIENT_TIMEOUT_MS / 4);
    await new Promise((r) => setTimeout(r, CLIENT_TIMEOUT_MS * 2));
    clearInterval(timer);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });
});

describe('upgrade checks', () => {
  function upgradeStatus(path: string, headers: Record<string, string> = {}): Promise<number> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}${path}`, { headers });
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('open', () => {
        resolve(101);
        ws.close();
      });
      ws.on('error', (err) => (err.message.includes('Unexpected server response') ? undefined : reject(err)));
    });
  }

  it('refuses an Origin that is not allowed with 403; allowed and same-host origins pass', async () => {
    const q = `/hubs/notifications?access_token=${token}`;
    expect(await upgradeStatus(q, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(q, { origin: 'http://localhost:5173' })).toBe(101);
    expect(await upgradeStatus(q, { origin: url })).toBe(101);
    expect(await upgradeStatus(q)).toBe(101);
    await expectServes();
  });

  it('answers 404 to an upgrade on any other path', async () => {
    expect(await upgradeStatus('/api/User/login')).toBe(404);
    expect(await upgradeStatus('/hubs/other')).toBe(404);
    await expectServes();
  });
});

describe('negotiate', () => {
  it('offers WebSockets in text and never stateful reconnect', async () => {
    for (const path of ['/hubs/notifications/negotiate?negotiateVersion=1', '/HUBS/notifications/negotiate']) {
      const res = await t.call({ method: 'POST', url: path });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        connectionId: expect.any(String),
        connectionToken: expect.any(String),
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      });
      expect(body).not.toHaveProperty('useStatefulReconnect');
    }
  });
});
