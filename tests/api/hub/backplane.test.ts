import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { HubConnection } from '@microsoft/signalr';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { DEMO_PASSWORD } from '../../../server/seed/demo-accounts';
import { copyTemplate, pgUrl, type TestDatabase } from '../helpers/database';
import { baseUrl, handshaken, nextMessage, officialClient } from './clients';

/**
 * Two server processes (two apps, each with its own pool and listener) on one PostgreSQL
 * database: a push published on one reaches a client connected to the other.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

async function serve(database: Database, databaseUrl: string): Promise<FastifyInstance> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-dir' }), databaseUrl };
  const app = await buildApp(config, { database, logger: false });
  cleanup.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe('LISTEN/NOTIFY backplane', () => {
  it.skipIf(!pgUrl())('a push published on process A reaches a client connected to process B', async () => {
    const db: TestDatabase = await copyTemplate();
    cleanup.push(() => db.dispose());
    const second = await openDatabase({ dataDir: '', databaseUrl: db.location });
    cleanup.push(() => second.close());
    const a = await serve(db.database, db.location);
    const b = await serve(second, db.location);

    const login = await a.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'user@demo.test', password: DEMO_PASSWORD },
    });
    const token = String(login.headers.authorization).replace(/^Bearer /, '');
    const userId = login.json().result.id as string;

    const client: HubConnection = officialClient(`${baseUrl(b)}/hubs/notifications`, () => token);
    cleanup.push(() => client.stop());
    await client.start();
    expect(b.ctx.hub.connectionCount()).toBe(1);
    expect(a.ctx.hub.connectionCount()).toBe(0);

    const fromA = nextMessage(client, 'ReceiveMessage');
    await a.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['from A'] });
    expect(await fromA).toEqual(['from A']);

    // The publisher's own process delivers on receipt of the notification too.
    const fromB = nextMessage(client, 'ReceiveMessage');
    await b.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['from B'] });
    expect(await fromB).toEqual(['from B']);

    // Cut B's listener connection: it reconnects by itself and deliveries resume.
    const admin = new pg.Client({ connectionString: db.location });
    await admin.connect();
    cleanup.push(() => admin.end());
    // The hub's listeners only (each process also listens for session changes).
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = 'listen ' || $1 and pid <> pg_backend_pid()`,
      [a.ctx.config.hub.channel],
    );
    expect(killed.rowCount).toBe(2);
    let got = false;
    client.on('ReceiveMessage', (text) => {
      if (text === 'after reconnect') got = true;
    });
    await expect
      .poll(
        async () => {
          await a.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['after reconnect'] });
          return got;
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBe(true);
  });

  it.skipIf(!pgUrl())(
    'when the listener comes back after a cut, its clients are asked to reconnect (they re-read what they missed)',
    async () => {
      const db: TestDatabase = await copyTemplate();
      cleanup.push(() => db.dispose());
      const app = await serve(db.database, db.location);
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'user@demo.test', password: DEMO_PASSWORD },
      });
      const token = String(login.headers.authorization).replace(/^Bearer /, '');
      const userId = login.json().result.id as string;
      // A raw socket: the official client here would reconnect on its own every 1.5 s (its test
      // server timeout, against the default 15 s keep-alive), hiding whether the hub asked it to.
      const socket = await handshaken(baseUrl(app), token);
      cleanup.push(async () => socket.ws.terminate());

      const admin = new pg.Client({ connectionString: db.location });
      await admin.connect();
      cleanup.push(() => admin.end());
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = 'listen ' || $1 and pid <> pg_backend_pid()`,
        [app.ctx.config.hub.channel],
      );
      expect(killed.rowCount).toBe(1);
      // Published while the listener is down: lost to this process, as NOTIFY does.
      await app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['in the gap'] });
      expect(await socket.waitFor((r) => r.type === 7, 10_000)).toEqual({ type: 7, allowReconnect: true });
      await socket.closed;

      const back = await handshaken(baseUrl(app), token);
      cleanup.push(async () => back.ws.terminate());
      await app.ctx.hub.publish({ kind: 'user', userId, target: 'ReceiveMessage', args: ['after the gap'] });
      await back.waitFor((r) => r.type === 1 && JSON.stringify(r.arguments) === '["after the gap"]');
    },
  );

  it.skipIf(!pgUrl())('refuses an event too large for NOTIFY', async () => {
    const db: TestDatabase = await copyTemplate();
    cleanup.push(() => db.dispose());
    const app = await serve(db.database, db.location);
    await expect(
      app.ctx.hub.publish({ kind: 'user', userId: 'u', target: 'ReceiveMessage', args: ['x'.repeat(9000)] }),
    ).rejects.toThrow(/too large/);
  });
});
