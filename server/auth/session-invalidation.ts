/**
 * Keeps the session cache honest (see session-cache.ts for the rules): listens for the
 * database's 'auth_changed' notifications (db/change-listener.ts says how, per engine).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { listenForChanges, payloadField } from '../db/change-listener';
import { AUTH_CHANGED_CHANNEL, type SessionCache } from './session-cache';

/** The tables migration 0011's triggers watch (and 0086's: subscriptions, for the subscription gate). */
const AUTH_TABLES = ['users', 'sessions', 'two_factor_sessions', 'subscriptions'];

/**
 * Starts listening; resolves to the function that stops it. `changed` hears each change after
 * the cache has forgotten it (the user's id; null when it may be anyone's, including after the
 * listening connection was down), so whoever reads sessions again gets the database's answer:
 * the hub checks its open connections with it.
 */
export function keepSessionCacheHonest(
  cache: SessionCache,
  database: Database,
  log: FastifyBaseLogger,
  changed: (userId: string | null) => void = () => undefined,
): Promise<() => Promise<void>> {
  return listenForChanges(database, log, {
    channel: AUTH_CHANGED_CHANNEL,
    tables: AUTH_TABLES,
    name: 'session cache',
    onPayload: (payload) => {
      const userId = payloadField(payload, 'userId');
      // A payload that names no user: forget everything rather than guess.
      if (userId) cache.forgetUser(userId);
      else cache.forgetAll();
      changed(userId ?? null);
    },
    forgetAll: () => cache.forgetAll(),
    setEnabled: (enabled) => {
      cache.setEnabled(enabled);
      // Listening again after a cut: changes made meanwhile went unheard.
      if (enabled) changed(null);
    },
  });
}
