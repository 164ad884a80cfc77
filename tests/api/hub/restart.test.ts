import { afterAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DEMO_PASSWORD } from '../../../server/seed/demo-accounts';
import { copyTemplate } from '../helpers/database';
import { baseUrl, nextMessage, officialClient } from './clients';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

it('the official client reconnects by itself to a restarted server on the same port', async () => {
  const db = await copyTemplate();
  cleanup.push(() => db.dispose());
  const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-dir' });
  const start = async (port: number): Promise<FastifyInstance> => {
    const app = await buildApp(config, { database: db.database, logger: false });
    cleanup.push(() => app.close());
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  };

  const first = await start(0);
  const url = baseUrl(first);
  const login = await first.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: 'user@demo.test', password: DEMO_PASSWORD },
  });
  const token = String(login.headers.authorization).replace(/^Bearer /, '');
  const userId = login.json().result.id as string;
  // Generous retries: the second server takes a moment to build.
  const client = officialClient(`${url}/hubs/notifications`, () => token, {
    retryDelays: [0, 100, 200, 500, ...Array<number>(20).fill(1000)],
  });
  cleanup.push(() => client.stop());
  await client.start();
  const reconnected = new Promise<void>((resolve) => client.onreconnected(() => resolve()));
  let closedForGood = false;
  client.onclose(() => (closedForGood = true));

  await first.close();
  const second = await start(Number(new URL(url).port));
  await reconnected;
  expect(closedForGood).toBe(false);
  const received = nextMessage(client, 'ReceiveMessage');
  await second.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['back'] });
  expect(await received).toEqual(['back']);
});
