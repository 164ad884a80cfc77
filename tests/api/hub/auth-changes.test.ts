import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { baseUrl, handshaken, type RawClient } from './clients';

/**
 * A connection is authenticated when it opens, but who may hear what changes while it stays
 * open: access tokens live 15 minutes here (the default), far longer than any wait below, so
 * each case proves the hub acts on the change itself and not on the token's expiry.
 */
let t: TestApp;
let url: string;
let adminToken: string;
const sockets: RawClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app);
  adminToken = (await t.login('admin@demo.test')).access;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t.close();
});

async function connect(token: string) {
  const c = await handshaken(url, token);
  sockets.push(c);
  return c;
}

const isClose = (r: Record<string, unknown>) => r.type === 7;
const isPush = (text: string) => (r: Record<string, unknown>) =>
  r.type === 1 && JSON.stringify(r.arguments) === JSON.stringify([text]);

describe('changes to who a connection belongs to, while it is open', () => {
  it('a session signed out elsewhere is told Unauthorized at once; the same user’s other session keeps its connection', async () => {
    const gone = await t.login('user@demo.test');
    const kept = await t.login('user@demo.test');
    const userId = gone.res.json().result.id as string;
    const goneSocket = await connect(gone.access);
    const keptSocket = await connect(kept.access);

    const out = await t.call({ method: 'POST', url: '/api/User/logout', token: gone.access });
    expect(out.statusCode).toBe(200);
    expect(await goneSocket.waitFor(isClose, 5000)).toEqual({ type: 7, error: 'Unauthorized' });
    await goneSocket.closed;

    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['still signed in'] });
    await keptSocket.waitFor(isPush('still signed in'));
    expect(keptSocket.records.some(isCloseRecord)).toBe(false);
  });

  it('a user deactivated by an administrator stops receiving: every connection is told Unauthorized', async () => {
    const session = await t.login('mover@demo.test');
    const userId = session.res.json().result.id as string;
    const socket = await connect(session.access);
    const off = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user-status',
      token: adminToken,
      payload: { id: userId, status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await socket.waitFor(isClose, 5000)).toEqual({ type: 7, error: 'Unauthorized' });
    await socket.closed;
    // Nothing addressed to the user after that reaches the closed connection, and it is gone from the hub.
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['after'] });
    expect(socket.records.some((r) => isPush('after')(r as Record<string, unknown>))).toBe(false);
  });

  it('a role change asks the connection to come back (allowReconnect), so role-addressed pushes follow the new role', async () => {
    const session = await t.login('trucker@demo.test');
    const userId = session.res.json().result.id as string;
    const socket = await connect(session.access);
    const changed = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      token: adminToken,
      payload: { id: userId, role: 'MOVER' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await socket.waitFor(isClose, 5000)).toEqual({ type: 7, allowReconnect: true });
    await socket.closed;

    // The same token, back: now a MOVER's connection, which hears an announcement to movers.
    const back = await connect(session.access);
    const announced = await t.call({
      method: 'POST',
      url: '/api/Notification/announcement',
      token: adminToken,
      payload: { title: 'For movers', message: 'Hello movers', audience: 'role', role: 'MOVER' },
    });
    expect(announced.statusCode, announced.body).toBe(200);
    await back.waitFor(isPush('For movers'));
  });

  it('a change that does not touch access (a new email) leaves the connection alone', async () => {
    const session = await t.login('it@demo.test');
    const userId = session.res.json().result.id as string;
    const socket = await connect(session.access);
    // The email is watched by the same trigger as the role and the status (migration 0011).
    const renamed = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      token: adminToken,
      payload: { id: userId, email: 'it.renamed@demo.test' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['renamed'] });
    await socket.waitFor(isPush('renamed'));
    expect(socket.records.some(isCloseRecord)).toBe(false);
  });
});

function isCloseRecord(r: unknown): boolean {
  return (r as { type?: number }).type === 7;
}
