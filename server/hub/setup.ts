/** Builds the app's hub: LISTEN/NOTIFY between processes on PostgreSQL, in-process on PGlite. */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AuthContext } from '../context';
import { InProcessBackplane, PgBackplane, type Backplane } from './backplane';
import { createHub, type RealHub } from './hub';

export interface AppHubOptions {
  config: Config;
  database: Database;
  now(): number;
  log: FastifyBaseLogger;
  authenticate(token: string): Promise<AuthContext | null>;
  /** Fastify's trustProxy (TRUST_PROXY): the hub reads client addresses as `request.ip` does. */
  trustProxy: boolean;
}

export function createAppHub({ config, database, now, log, authenticate, trustProxy }: AppHubOptions): RealHub {
  // LISTEN needs its own connection, so it needs the URL; a PostgreSQL handed in without one
  // (tests) behaves like a single process.
  const backplane: Backplane =
    database.kind === 'postgres' && config.databaseUrl
      ? new PgBackplane({
          databaseUrl: config.databaseUrl,
          channel: config.hub.channel,
          log,
          notify: async (channel, payload) => {
            await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
          },
        })
      : new InProcessBackplane();
  return createHub({
    log,
    backplane,
    authenticate,
    now,
    allowedOrigins: config.corsOrigins,
    keepAliveMs: config.hub.keepAliveMs,
    clientTimeoutMs: config.hub.clientTimeoutMs,
    maxAnonymous: config.hub.maxAnonymous,
    maxAnonymousPerAddress: config.hub.maxAnonymousPerAddress,
    trustProxy,
    messageBurst: config.hub.messageBurst,
    messagesPerSecond: config.hub.messagesPerSecond,
  });
}
