/**
 * The status page's checks (database, mail, storage, hub). Each part is timed and reported as
 * up / down / not configured with its latency, and never fails the whole answer: a down mail
 * server must not hide that the database is fine.
 */
import { statfs } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { AppContext } from '../../context';

export type CheckState = 'up' | 'down' | 'unconfigured';
export interface Check {
  name: 'database' | 'mail' | 'storage' | 'hub';
  state: CheckState;
  latencyMs: number | null;
  detail: Record<string, string | number | boolean | null>;
}

const CHECK_TIMEOUT_MS = 3000;

async function timed<T>(
  fn: () => Promise<T>,
): Promise<{ ok: true; value: T; ms: number } | { ok: false; ms: number; error: string }> {
  const start = performance.now();
  try {
    const value = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
    ]);
    return { ok: true, value, ms: Math.round((performance.now() - start) * 10) / 10 };
  } catch (err) {
    return {
      ok: false,
      ms: Math.round(performance.now() - start),
      error: err instanceof Error ? err.message : 'failed',
    };
  }
}

/** Runs every check at once and reports them with the process's own figures. */
export async function systemStatus(ctx: AppContext) {
  const { database, mail, hub, config, storage: files } = ctx;
  const [db, smtp, storage] = await Promise.all([
    timed(() => database.ping()),
    timed(() => mail.verify()),
    timed(async () => {
      // A real write, read back and delete through the storage adapter (disk or S3): "up" means
      // files can be stored right now, wherever they go.
      const probe = `status/probe-${randomUUID()}.txt`;
      await files.put(probe, Readable.from(['ok']), { maxBytes: 16 });
      const stored = await files.get(probe);
      const back = stored ? await text(stored.body) : null;
      await files.delete(probe);
      if (back !== 'ok') throw new Error('read back differs');
      if (files.driver !== 'disk') return null;
      const fs = await statfs(config.dataDir);
      return Math.round((fs.bavail * fs.bsize) / 1024 / 1024);
    }),
  ]);
  const checks: Check[] = [
    {
      name: 'database',
      state: db.ok ? 'up' : 'down',
      latencyMs: db.ms,
      detail: {
        engine: database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL',
        error: db.ok ? null : db.error,
      },
    },
    {
      name: 'mail',
      state: mail.transport === 'outbox' ? 'unconfigured' : smtp.ok && smtp.value !== false ? 'up' : 'down',
      latencyMs: mail.transport === 'outbox' ? null : smtp.ms,
      detail: {
        transport: mail.transport === 'outbox' ? 'outbox (SMTP_URL not set)' : 'SMTP',
        error: smtp.ok ? null : smtp.error,
      },
    },
    {
      name: 'storage',
      state: storage.ok ? 'up' : 'down',
      latencyMs: storage.ms,
      detail: {
        driver: files.driver === 'disk' ? 'local disk' : 'S3-compatible',
        freeMb: storage.ok ? storage.value : null,
        error: storage.ok ? null : storage.error,
      },
    },
    {
      name: 'hub',
      state: 'up',
      latencyMs: null,
      detail: {
        connections: hub.connectionCount(),
        backplane: database.kind === 'postgres' ? 'PostgreSQL LISTEN/NOTIFY' : 'in-process',
      },
    },
  ];
  const memory = process.memoryUsage();
  return {
    checkedAt: new Date(ctx.now()).toISOString(),
    uptimeSeconds: Math.round(process.uptime()),
    memoryMb: Math.round(memory.rss / 1024 / 1024),
    node: process.version,
    checks,
  };
}
