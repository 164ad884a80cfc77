import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { HANDSHAKE, RS, RawSockets, listeningHub, officialClient, type RawOptions } from './clients';

/**
 * What a client without a token, or one that sends without end, may cost the hub: a global cap
 * on sockets without a valid token, and a per-connection message budget. Small limits here; the
 * default timeouts, so a socket left in its handshake stays there for the whole file. The
 * message budget runs on the app's clock, which stands still unless a case moves it.
 */
const MAX_ANONYMOUS = 2;
const BURST = 3;
const PER_SECOND = 1;

let t: TestApp;
let url: string;
let token: string;
let userId: string;
const sockets = new RawSockets();

beforeAll(async () => {
  ({ t, url, token, userId } = await listeningHub({
    maxAnonymous: MAX_ANONYMOUS,
    messageBurst: BURST,
    messagesPerSecond: PER_SECOND,
  }));
});
afterAll(async () => {
  sockets.terminateAll();
  await t.close();
});

const raw = (options?: RawOptions) => sockets.raw(url, options);
const ready = () => sockets.ready(url, token);

const call = (id: string) => `{"type":1,"invocationId":"${id}","target":"Nope","arguments":[]}${RS}`;
const isPush = (text: string) => (r: Record<string, unknown>) =>
  r.type === 1 && JSON.stringify(r.arguments) === JSON.stringify([text]);

describe('sockets without a valid token', () => {
  it('holds a bounded number; more are refused at their handshake, signed-in users still connect', async () => {
    // Two anonymous sockets sit in their handshake: the cap is reached.
    const held = [await raw(), await raw({ token: 'garbage' })];
    // A refused socket that never sends its handshake is not kept (checked at the end).
    const silent = await raw();
    const silentStarted = Date.now();

    // The next ones, with no token or a bad one, are answered with a handshake error and closed.
    for (const options of [{}, { token: 'garbage' }, { headers: { authorization: 'Bearer garbage' } }]) {
      const c = await raw(options);
      c.ws.send(HANDSHAKE);
      expect(await c.waitFor(() => true)).toEqual({ error: expect.stringMatching(/^Too many connections/) });
      await c.closed;
      expect(c.records).toHaveLength(1);
    }
    // The official client's start() fails with that error (not a crash, not a silent retry).
    const official = officialClient(`${url}/hubs/notifications`, () => 'not-a-token');
    await expect(official.start()).rejects.toThrow(/Too many connections/);
    await official.stop();

    // A signed-in user is not counted against the cap: it connects and hears its pushes.
    const user = await ready();
    const text = `cap-${Math.random()}`;
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: [text] });
    await user.waitFor(isPush(text));

    // A held socket that leaves makes room: the next anonymous one gets the usual answer.
    held[0]!.ws.close();
    await held[0]!.closed;
    const next = await raw();
    next.ws.send(HANDSHAKE);
    expect(await next.waitFor((r) => r.type === 7)).toEqual({ type: 7, error: 'Unauthorized' });
    expect(next.records[0]).toEqual({});
    await next.closed;

    await silent.closed;
    expect(Date.now() - silentStarted).toBeLessThan(10_000);
    expect(silent.records).toEqual([{ error: expect.stringMatching(/^Too many connections/) }]);
    held[1]!.ws.terminate();
  });
});

describe('messages per connection', () => {
  it('answers a burst, then ends a connection that sends more with "Too many messages"', async () => {
    const c = await ready();
    // Pings are free: a thousand of them spend nothing.
    c.ws.send(`{"type":6}${RS}`.repeat(1000));
    c.ws.send(Array.from({ length: BURST }, (_, i) => call(`a${i}`)).join(''));
    for (let i = 0; i < BURST; i++) {
      expect(await c.waitFor((r) => r.invocationId === `a${i}`)).toMatchObject({ type: 3, error: expect.any(String) });
    }
    c.ws.send(call('over'));
    expect(await c.waitFor((r) => r.type === 7)).toEqual({ type: 7, error: 'Too many messages.' });
    await c.closed;
    expect(c.records.some((r) => (r as { invocationId?: string }).invocationId === 'over')).toBe(false);
  });

  it('earns messages back with time, each connection on its own budget', async () => {
    const first = await ready();
    const second = await ready();
    first.ws.send(Array.from({ length: BURST }, (_, i) => call(`f${i}`)).join(''));
    await first.waitFor((r) => r.invocationId === `f${BURST - 1}`);

    // The second connection of the same user still has its whole burst.
    second.ws.send(Array.from({ length: BURST }, (_, i) => call(`s${i}`)).join(''));
    await second.waitFor((r) => r.invocationId === `s${BURST - 1}`);

    // A second on the app's clock earns the first one message back, and no more.
    t.clock.advance(1000 / PER_SECOND);
    first.ws.send(call('earned'));
    expect(await first.waitFor((r) => r.invocationId === 'earned')).toMatchObject({ type: 3 });
    first.ws.send(call('beyond'));
    expect(await first.waitFor((r) => r.type === 7)).toEqual({ type: 7, error: 'Too many messages.' });
    await first.closed;

    // Malformed records are not free either (they cost a parse): the second earned one back too.
    second.ws.send(`{not json${RS}{not json${RS}`);
    expect(await second.waitFor((r) => r.type === 7)).toEqual({ type: 7, error: 'Too many messages.' });
  });
});
