import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { HANDSHAKE, RawSockets, listeningHub, type RawClient, type RawOptions } from './clients';

/**
 * Sockets without a valid token are also limited per address, so one machine cannot take the
 * whole anonymous allowance (HUB_MAX_ANONYMOUS) and keep every other visitor's socket out.
 * Loopback addresses stand for machines (Linux routes all of 127/8 to the server on 127.0.0.1).
 * The default timeouts, so a socket left in its handshake stays there for the whole file.
 */
const MAX_ANONYMOUS = 6;
const PER_ADDRESS = 2;

let t: TestApp;
let url: string;
let token: string;
let userId: string;
const sockets = new RawSockets();

beforeAll(async () => {
  ({ t, url, token, userId } = await listeningHub({
    maxAnonymous: MAX_ANONYMOUS,
    maxAnonymousPerAddress: PER_ADDRESS,
  }));
});
afterAll(async () => {
  sockets.terminateAll();
  await t.close();
});

const from = (localAddress: string, options: RawOptions = {}) => sockets.raw(url, { ...options, localAddress });

/** The first answer to the socket's handshake: `{}` when admitted, a handshake error when refused. */
async function answer(c: RawClient) {
  c.ws.send(HANDSHAKE);
  return c.waitFor(() => true);
}

const TOO_MANY = { error: expect.stringMatching(/^Too many connections without sign-in/) };

describe('sockets without a valid token, per address', () => {
  it('refuses one address past its share at the handshake; other addresses and signed-in users still connect', async () => {
    // One address holds its share in the handshake, with or without a bad token.
    await from('127.0.0.1');
    await from('127.0.0.1', { token: 'garbage' });
    for (const options of [{}, { token: 'garbage' }, { headers: { authorization: 'Bearer garbage' } }]) {
      const c = await from('127.0.0.1', options);
      expect(await answer(c)).toEqual(TOO_MANY);
      await c.closed;
    }

    // Another address is not held back by it: it gets the usual answer.
    const other = await from('127.0.0.2');
    expect(await answer(other)).toEqual({});
    expect(await other.waitFor((r) => r.type === 7)).toEqual({ type: 7, error: 'Unauthorized' });

    // A signed-in user on the full address is never counted: it connects and hears its pushes.
    const user = await sockets.ready(url, token, { localAddress: '127.0.0.1' });
    const text = `per-address-${Math.random()}`;
    await t.app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: [text] });
    await user.waitFor((r) => r.type === 1 && JSON.stringify(r.arguments) === JSON.stringify([text]));
  });

  it('frees the share of sockets that never answer the close: cut off after a short wait, not ws’s 30 s', async () => {
    // Two sockets finish their handshake and stop reading: they never answer the close after 'Unauthorized'.
    for (let i = 0; i < PER_ADDRESS; i++) {
      const c = await from('127.0.0.3');
      c.ws.send(HANDSHAKE);
      (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    }
    const started = Date.now();
    // The address is full until the server gives up on them; then a new socket is admitted.
    let admitted = false;
    while (!admitted && Date.now() - started < 20_000) {
      const c = await from('127.0.0.3');
      admitted = JSON.stringify(await answer(c)) === '{}';
      c.ws.terminate();
      if (!admitted) await new Promise((r) => setTimeout(r, 250));
    }
    expect(admitted).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
