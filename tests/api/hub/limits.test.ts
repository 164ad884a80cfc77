import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONNECTIONS_PER_USER } from '../../../server/hub/hub';
import { createTestApp, type TestApp } from '../helpers/app';
import { baseUrl, handshaken, rawClient, type RawClient } from './clients';

/**
 * One signed-in user cannot hold sockets without end (each costs the server memory and a file
 * descriptor). The default timeouts here, so a connection left in its handshake stays there
 * for the whole case.
 */
let t: TestApp;
let url: string;
const sockets: RawClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t.close();
});

async function ready(token: string) {
  const c = await handshaken(url, token);
  sockets.push(c);
  return c;
}

const isPush = (text: string) => (r: Record<string, unknown>) =>
  r.type === 1 && JSON.stringify(r.arguments) === JSON.stringify([text]);

describe('connections per user', () => {
  it('keeps a bounded number per user, counting those still in their handshake: a new one ends the oldest', async () => {
    const session = await t.login('user@demo.test');
    const userId = session.res.json().result.id as string;
    const stalled = await rawClient(url, { token: session.access });
    sockets.push(stalled);
    const first = await ready(session.access);
    const rest: RawClient[] = [];
    for (let i = 2; i < MAX_CONNECTIONS_PER_USER; i++) rest.push(await ready(session.access));
    expect(stalled.records).toEqual([]);

    // One more: the oldest, still in its handshake, is answered as a handshake fails, and closed.
    const newest = await ready(session.access);
    expect(await stalled.waitFor(() => true)).toEqual({ error: expect.stringMatching(/[Tt]oo many/) });
    await stalled.closed;
    // And one more: now the oldest is past its handshake, told with a Close message that ends it for good.
    const newer = await ready(session.access);
    expect(await first.waitFor((r) => r.type === 7)).toEqual({
      type: 7,
      error: expect.stringMatching(/[Tt]oo many/),
    });
    await first.closed;
    await expect.poll(() => t.app.ctx.hub.connectionCount()).toBe(MAX_CONNECTIONS_PER_USER);

    // The others still hear the user's pushes, and another user is not affected by this one's count.
    const other = await t.login('mover@demo.test');
    const otherSocket = await ready(other.access);
    const text = `limit-${Math.random()}`;
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: [text] });
    await Promise.all([newest, newer, rest[0]!].map((c) => c.waitFor(isPush(text))));
    expect(otherSocket.records).toEqual([{}]);
  });
});
