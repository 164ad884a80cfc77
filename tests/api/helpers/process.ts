/**
 * Another server process on the same PostgreSQL database (the cache tests' "process B"): a
 * second app with its own pool and listeners. Its stop goes on `cleanup`.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';

export async function serveProcess(
  location: string,
  cleanup: (() => Promise<unknown>)[],
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const db = await openDatabase({ dataDir: '', databaseUrl: location });
  const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-dir', ...env });
  const app = await buildApp(config, { database: db, logger: false });
  cleanup.push(async () => {
    await app.close();
    await db.close();
  });
  await app.ready();
  return app;
}
