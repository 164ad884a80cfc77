import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import type { HubConnection } from '@microsoft/signalr';
import { DEMO_PASSWORD } from '../../../server/seed/demo-accounts';
import { freePort } from '../../../scripts/lib/postgres.mjs';
import { copyTemplate, pgUrl } from '../helpers/database';
import { handshaken, nextMessage, officialClient } from './clients';

/**
 * Scale-out as deployed: two real server processes (`server/index.ts`) on one PostgreSQL. A
 * notification, and a record change of a live list, made through the API of process A reach
 * a client connected to process B, carried by LISTEN/NOTIFY; B works out who may hear a record
 * change from what A published. (That a live list shows such a push is proven in the browser,
 * on one server: tests/e2e/live-lists.test.ts.)
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

/**
 * The guard on one process's start-up: a loaded two-core machine starting two servers at once
 * (tsx compiling each) took longer than a short fixed bound; readiness itself is the server's
 * own signal, never a guess at the time.
 */
const START_GUARD_MS = 180_000;

/** Starts `server/index.ts` and resolves with its address once it prints "Ready in" (server/index.ts), after listening. */
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanup.push(async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const guard = setTimeout(
      () => reject(new Error(`server did not start in ${START_GUARD_MS} ms:\n${output}`)),
      START_GUARD_MS,
    );
    const done = (error?: Error) => {
      clearTimeout(guard);
      child.stdout!.off('data', onOutput);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready in')) done();
    };
    const onExit = (code: number | null) => done(new Error(`server exited (${code}):\n${output}`));
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', onExit);
  });
  // Keep reading, so a full pipe never stalls the server.
  child.stdout!.resume();
  return `http://127.0.0.1:${port}`;
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

let servers: { a: string; b: string } | null = null;

describe('two server processes on one PostgreSQL', () => {
  it.skipIf(!pgUrl())(
    'an announcement created on A reaches a client connected to B',
    async () => {
      const db = await copyTemplate();
      await db.database.close();
      cleanup.push(() => db.dispose().catch(() => undefined));
      const [a, b] = await Promise.all([startServer(db.location), startServer(db.location)]);
      servers = { a, b };

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
    // The two start-ups (each guarded by START_GUARD_MS) plus the test's own 10 s waits.
    START_GUARD_MS + 60_000,
  );

  it.skipIf(!pgUrl())(
    "a club owner's contact created and deleted on A reaches the owner on B, and not a user",
    async () => {
      expect(servers, 'the first test started the servers').not.toBeNull();
      const { a, b } = servers!;
      const owner = await handshaken(b, await login(b, 'clubowner@demo.test'));
      const user = await handshaken(b, await login(b, 'user@demo.test'));
      cleanup.push(async () => {
        owner.ws.close();
        user.ws.close();
      });
      const token = await login(a, 'clubowner@demo.test');
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${a}/api/crmmanagement/contacts${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      const created = await call('POST', '', { fullName: 'Across Ana' });
      expect(created.status).toBe(200);
      const id = ((await created.json()) as { result: { id: string } }).result.id;
      const change = (action: string) => (r: Record<string, unknown>) =>
        r.target === 'RecordsChanged' &&
        JSON.stringify((r.arguments as unknown[])[0]) === JSON.stringify({ resource: 'contacts', action, ids: [id] });
      await owner.waitFor(change('created'), 10_000);
      expect((await call('DELETE', `/${id}`)).status).toBe(200);
      await owner.waitFor(change('deleted'), 10_000);
      // The user heard neither: B's fan-out kept to the owner's business and administrators.
      expect(user.records.some((r) => (r as { target?: string }).target === 'RecordsChanged')).toBe(false);
    },
    30_000,
  );
});
