/**
 * Hears the database say that rows a memory keeps have changed: a channel its migration's
 * triggers NOTIFY on as the change commits.
 *  - PGlite: the notification is delivered in process before the writing statement returns,
 *    so it is exact.
 *  - PostgreSQL: it travels on a listening connection, milliseconds later, so this process also
 *    forgets everything when it commits a write to the watched tables itself (client.ts
 *    reports them), and the memory stays off while the listening connection is down.
 * Until listening works the memory stays off (it is created disabled).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChangeCache } from './change-cache';
import type { Database } from './client';
import { PgListener } from './pg-listener';

export interface ChangeWatch {
  channel: string;
  /** The tables whose triggers notify on the channel. */
  tables: readonly string[];
  /** Names the listener in log lines. */
  name: string;
  onPayload(payload: string): void;
  forgetAll(): void;
  setEnabled(enabled: boolean): void;
}

/** Starts listening; resolves to the function that stops it. */
export async function listenForChanges(
  database: Database,
  log: FastifyBaseLogger,
  watch: ChangeWatch,
): Promise<() => Promise<void>> {
  if (database.listenInProcess) {
    await database.listenInProcess(watch.channel, watch.onPayload);
    watch.setEnabled(true);
    return async () => undefined;
  }
  if (!database.url) return async () => undefined;
  database.onOwnWrites?.((tables) => {
    if (watch.tables.some((table) => tables.has(table))) watch.forgetAll();
  });
  const listener = new PgListener({
    databaseUrl: database.url,
    channel: watch.channel,
    log,
    name: watch.name,
    onPayload: watch.onPayload,
    onConnection: (listening) => watch.setEnabled(listening),
  });
  await listener.start();
  return () => listener.close();
}

/**
 * Keeps a ChangeCache grouped by one id honest until the app closes: a payload naming the group
 * (its `groupField`) forgets that group, any other payload forgets everything. The cache must be
 * created disabled; it is switched on once listening works.
 */
export async function keepCacheHonest(
  app: FastifyInstance,
  cache: ChangeCache<unknown>,
  watch: { channel: string; tables: readonly string[]; name: string; groupField: string },
): Promise<void> {
  const stop = await listenForChanges(app.ctx.database, app.log, {
    channel: watch.channel,
    tables: watch.tables,
    name: watch.name,
    onPayload: (payload) => {
      const group = payloadField(payload, watch.groupField);
      if (group) cache.forgetGroup(group);
      else cache.forgetAll();
    },
    forgetAll: () => cache.forgetAll(),
    setEnabled: (enabled) => cache.setEnabled(enabled),
  });
  app.addHook('onClose', stop);
}

/** A payload's string field, or undefined when it is missing or the payload is not ours to read. */
export function payloadField(payload: string, field: string): string | undefined {
  try {
    const value = (JSON.parse(payload) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
