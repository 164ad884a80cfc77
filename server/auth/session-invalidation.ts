/**
 * Keeps the session cache honest (see session-cache.ts for the rules): listens for the
 * database's 'auth_changed' notifications and, on PostgreSQL, also forgets everything when this
 * process itself writes to the tables they watch. Until listening works the cache stays off.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { PgListener } from '../db/pg-listener';
import { AUTH_CHANGED_CHANNEL, type SessionCache } from './session-cache';

/** The tables migration 0011's triggers watch. */
const AUTH_TABLES = ['users', 'sessions', 'two_factor_sessions'];

/** Starts listening; resolves to the function that stops it. */
export async function keepSessionCacheHonest(
  cache: SessionCache,
  database: Database,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const onPayload = (payload: string) => {
    let userId: unknown;
    try {
      userId = (JSON.parse(payload) as { userId?: unknown }).userId;
    } catch {
      // not ours to read: forget everything rather than guess
    }
    if (typeof userId === 'string') cache.forgetUser(userId);
    else cache.forgetAll();
  };
  if (database.listenInProcess) {
    await database.listenInProcess(AUTH_CHANGED_CHANNEL, onPayload);
    cache.setEnabled(true);
    return async () => undefined;
  }
  if (!database.url) return async () => undefined;
  database.onOwnWrites?.((tables) => {
    if (AUTH_TABLES.some((table) => tables.has(table))) cache.forgetAll();
  });
  const listener = new PgListener({
    databaseUrl: database.url,
    channel: AUTH_CHANGED_CHANNEL,
    log,
    name: 'session cache',
    onPayload,
    onConnection: (listening) => cache.setEnabled(listening),
  });
  await listener.start();
  return () => listener.close();
}
