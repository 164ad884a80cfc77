import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import type { HubConnection } from '@microsoft/signalr';
import { DEMO_PASSWORD } from '../../../server/seed/demo-accounts';
import { freePort } from '../../../scripts/lib/postgres.mjs';
import { copyTemplate, pgUrl } from '../helpers/database';
import { nextMessage, officialClient } from './clients';

/**
 * Scale-out as deployed: two real server processes (`server/index.ts`) on one PostgreSQL. A
 * notification created through the API of process A reaches a browser-like client connected
 * to process B, carried by LISTEN/NOTIFY.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

async function startServer(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
    stdio: 'ignore',
  });
  cleanup.push(async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('authorization')!.replace(/^Bearer /, '');
}

describe('two server processes on one PostgreSQL', () => {
  it.skipIf(!pgUrl())(
    'an announcement created on A reaches a client connected to B',
    async () => {
      const db = await copyTemplate();
      await db.database.close();
      cleanup.push(() => db.dispose().catch(() => undefined));
      const [a, b] = await Promise.all([startServer(db.location), startServer(db.location)]);

      const userToken = await login(b, 'user@demo.test');
      const client: HubConnection = officialClient(`${b}/hubs/notifications`, () => userToken);
      cleanup.push(() => client.stop());
      await client.start();

      const received = nextMessage(client, 'ReceiveMessage', 10_000);
      const adminToken = await login(a, 'admin@demo.test');
      const created = await fetch(`${a}/api/Notification/announcement`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ title: 'Across processes', message: 'Sent on A', audience: 'role', role: 'USER' }),
      });
      expect(created.status).toBe(200);
      expect(await received).toEqual(['Across processes']);
    },
    60_000,
  );
});
