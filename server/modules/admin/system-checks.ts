/**
 * The status page's checks (database, mail, storage, hub). Each part is timed and reported as
 * up / down / not configured with its latency, and never fails the whole answer: a down mail
 * server must not hide that the database is fine.
 */
import { mkdir, rm, statfs, writeFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
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
  const { database, mail, hub, config } = ctx;
  const storageDir = join(config.dataDir, 'files');
  const [db, smtp, storage] = await Promise.all([
    timed(() => database.ping()),
    timed(() => mail.verify()),
    timed(async () => {
      // A real write, read back and delete: "up" means files can be stored right now.
      await mkdir(storageDir, { recursive: true });
      const probe = join(storageDir, `.status-${randomUUID()}`);
      await writeFile(probe, 'ok');
      const back = await readFile(probe, 'utf8');
      await rm(probe);
      if (back !== 'ok') throw new Error('read back differs');
      const fs = await statfs(storageDir);
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
        driver: 'local disk',
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
