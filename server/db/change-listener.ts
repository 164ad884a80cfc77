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
import type { FastifyBaseLogger } from 'fastify';
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

/** A payload's string field, or undefined when it is missing or the payload is not ours to read. */
export function payloadField(payload: string, field: string): string | undefined {
  try {
    const value = (JSON.parse(payload) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
