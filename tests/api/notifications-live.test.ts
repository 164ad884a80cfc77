/** A created notification reaches connected browsers through the real hub, by audience. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrl, nextMessage, officialClient } from './hub/clients';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const who of ['admin', 'user', 'clubowner']) {
    const s = await t.login(`${who}@demo.test`);
    tokens[who] = s.access;
    ids[who] = s.res.json().result.id;
  }
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

async function connect(who: string) {
  // A generous server timeout: a reconnect while an announcement is sent would lose it (clients.ts).
  const c = officialClient(`${baseUrl(t.app)}/hubs/notifications`, () => tokens[who]!, { serverTimeoutMs: 30_000 });
  open.push(c);
  await c.start();
  return c;
}

const announce = (payload: object) =>
  t.call({ method: 'POST', url: '/api/Notification/announcement', token: tokens.admin, payload });

describe('live delivery of notifications', () => {
  it('a role announcement reaches that role with ReceiveMessage(title), not the others', async () => {
    const user = await connect('user');
    const owner = await connect('clubowner');
    const toUser = nextMessage(user, 'ReceiveMessage');
    const toOwner = nextMessage(owner, 'ReceiveMessage', 700);
    expect((await announce({ title: 'Users only', message: 'm', audience: 'role', role: 'USER' })).statusCode).toBe(
      200,
    );
    expect(await toUser).toEqual(['Users only']);
    await expect(toOwner).rejects.toThrow(/no ReceiveMessage/);
  });

  it('an announcement to one user and one to everyone', async () => {
    const [user, owner] = [open[0]!, open[1]!];
    const toOwner = nextMessage(owner, 'ReceiveMessage');
    const notToUser = nextMessage(user, 'ReceiveMessage', 700);
    await announce({ title: 'Just Carla', message: 'm', audience: 'user', userId: ids.clubowner });
    expect(await toOwner).toEqual(['Just Carla']);
    await expect(notToUser).rejects.toThrow(/no ReceiveMessage/);

    const both = Promise.all([nextMessage(user, 'ReceiveMessage'), nextMessage(owner, 'ReceiveMessage')]);
    await announce({ title: 'Everyone', message: 'm', audience: 'all' });
    expect(await both).toEqual([['Everyone'], ['Everyone']]);
  });
});
