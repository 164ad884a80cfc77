// @vitest-environment node
/**
 * The hub's timing on its own (server/hub/hub.ts), with a backplane the test drives and an
 * authenticate it answers by hand: what arrives in which order when events resolve at different
 * speeds, and a user's access changing while a connection is still being authenticated.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { UnsecuredJWT } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../server/context';
import type { Backplane, Receiver } from '../../server/hub/backplane';
import { createHub, type RealHub } from '../../server/hub/hub';

const RS = '\x1e';

/** Hands events to the hub when the test says so, without waiting for their delivery. */
class ManualBackplane implements Backplane {
  receive: Receiver = async () => undefined;
  async start(receive: Receiver) {
    this.receive = receive;
  }
  async publish() {}
  async close() {}
}

const noop = () => undefined;
const silent: FastifyBaseLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silent,
};

const auth: AuthContext = {
  userId: 'u1',
  sessionId: 's1',
  role: 'USER',
  businessId: null,
  email: 'u1@example.test',
};
const token = new UnsecuredJWT({ sub: 'u1' }).setExpirationTime('1h').encode();

const running: { hub: RealHub; server: Server; sockets: WebSocket[] }[] = [];
afterEach(async () => {
  for (const { hub, server, sockets } of running.splice(0)) {
    for (const ws of sockets) ws.terminate();
    await hub.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(authenticate: (token: string) => Promise<AuthContext | null>) {
  const backplane = new ManualBackplane();
  const hub = createHub({
    log: silent,
    backplane,
    authenticate,
    now: Date.now,
    allowedOrigins: [],
    keepAliveMs: 60_000,
    clientTimeoutMs: 60_000,
    maxAnonymous: 10,
    maxAnonymousPerAddress: 10,
    trustProxy: false,
    messageBurst: 10,
    messagesPerSecond: 1,
  });
  const server = createServer();
  hub.attach(server);
  await hub.start();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const entry = { hub, server, sockets: [] as WebSocket[] };
  running.push(entry);

  /** A raw client: resolves once the socket is open, with the records it receives. */
  async function connect() {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/hubs/notifications?access_token=${token}`);
    entry.sockets.push(ws);
    const records: Record<string, unknown>[] = [];
    const waiters = new Set<() => void>();
    ws.on('message', (data) => {
      for (const part of data.toString().split(RS)) if (part) records.push(JSON.parse(part));
      for (const w of waiters) w();
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(`{"protocol":"json","version":1}${RS}`);
    const until = (predicate: (all: Record<string, unknown>[]) => boolean, timeoutMs = 2000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(records)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`not within ${timeoutMs} ms; got ${JSON.stringify(records)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    await until((all) => all.length > 0);
    return { ws, records, until };
  }
  return { hub, backplane, connect };
}

describe('hub timing', () => {
  it('delivers events in the order they arrived, even when an earlier one takes longer to resolve', async () => {
    const { hub, backplane, connect } = await serve(async () => auth);
    hub.onEvent('notification', async ({ id }) => {
      // The first event's audience takes longer to work out (a slower query): a record
      // created, then deleted, must not reach a client as deleted, then created.
      if (id === 'created') await new Promise((r) => setTimeout(r, 100));
      return [{ audience: { userIds: ['u1'] }, message: { target: 'Changed', args: [id] } }];
    });
    const client = await connect();
    await expect.poll(() => hub.connectionCount()).toBe(1);
    // As PostgreSQL's listener hands them over: one after the other, neither awaited.
    void backplane.receive({ kind: 'notification', id: 'created' });
    void backplane.receive({ kind: 'notification', id: 'deleted' });
    await client.until((all) => all.filter((r) => r.type === 1).length === 2);
    expect(client.records.filter((r) => r.type === 1).map((r) => (r.arguments as string[])[0])).toEqual([
      'created',
      'deleted',
    ]);
  });

  it('an event whose resolver fails is skipped; the ones after it still arrive in order', async () => {
    const { hub, backplane, connect } = await serve(async () => auth);
    hub.onEvent('notification', async ({ id }) => {
      if (id === 'broken') throw new Error('resolver failed');
      return [{ audience: { userIds: ['u1'] }, message: { target: 'Notice', args: [id] } }];
    });
    const client = await connect();
    await expect.poll(() => hub.connectionCount()).toBe(1);
    void backplane.receive({ kind: 'notification', id: 'broken' });
    void backplane.receive({ kind: 'notification', id: 'after' });
    await client.until((all) => all.some((r) => r.type === 1));
    expect(client.records.filter((r) => r.type === 1).map((r) => (r.arguments as string[])[0])).toEqual(['after']);
  });

  it('a session revoked while the connection is still being authenticated ends it once it opens', async () => {
    let revoked = false;
    let release: () => void = noop;
    let asked: () => void = noop;
    const firstCall = new Promise<void>((resolve) => (asked = resolve));
    const { hub, connect } = await serve(async () => {
      if (revoked) return null;
      asked();
      // The first answer was read before the revocation, and arrives after it.
      await new Promise<void>((resolve) => (release = resolve));
      return auth;
    });
    const connecting = connect();
    await firstCall;
    revoked = true;
    hub.recheck('u1');
    release();
    const client = await connecting;
    await client.until((all) => all.some((r) => 'error' in r));
    if (client.ws.readyState !== WebSocket.CLOSED) await new Promise((resolve) => client.ws.once('close', resolve));
    // Refused before its handshake is answered (the answer carries the error) or after it (a Close).
    expect([[{ error: 'Unauthorized' }], [{}, { type: 7, error: 'Unauthorized' }]]).toContainEqual(client.records);
  });
});
