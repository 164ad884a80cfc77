/**
 * Opens the database: PGlite on disk by default, node-postgres when DATABASE_URL is set.
 * Both are driven through the same Drizzle API, so the rest of the server never branches.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import * as schema from './schema';
import { checkNotInsideTransaction, markTransaction } from './transaction-guard';

export type Db = PgliteDatabase<typeof schema>;
/** What a query needs, from the database or inside a transaction. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (LISTEN needs a connection of its own); null on PGlite. */
  url: string | null;
  /**
   * PGlite only: LISTEN in process. A notification is delivered before the statement that
   * committed it returns (PostgreSQL listens through server/db/pg-listener.ts instead).
   */
  listenInProcess?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /**
   * PostgreSQL only: calls `listener` with the tables a pooled connection wrote (INSERT,
   * UPDATE, DELETE, TRUNCATE) when it goes back to the pool, i.e. after its statement or its
   * transaction has finished. Lets a process act on its own writes without waiting for a
   * notification to travel back.
   */
  onOwnWrites?(listener: (tables: ReadonlySet<string>) => void): void;
  /**
   * PGlite only: the whole database as an uncompressed tarball, which `openDatabase`'s
   * `loadDataDir` opens again in memory (the API tests' per-file copies).
   */
  dump?(): Promise<Blob>;
  /** Round-trip time of `select 1`, in ms; throws when the database is down. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Serialises migrations across processes sharing one PostgreSQL. */
const MIGRATION_LOCK = 727_001;

export async function openDatabase(opts: {
  dataDir: string;
  databaseUrl: string | null;
  /** PGlite in memory from a `dump()` instead of files under dataDir (nothing is written to disk). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.loadDataDir ? 'memory://' : join(opts.dataDir, 'pglite'), opts.loadDataDir);
}

/**
 * PGlite runs on a worker thread (server/db/pglite-thread.ts): its queries are synchronous
 * WebAssembly, and on the server's own thread they kept the event loop from answering other
 * connections.
 */
async function openPglite(dir: string, loadDataDir?: Blob): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { PgliteThread } = await import('./pglite-thread');
  if (!loadDataDir) mkdirSync(dir, { recursive: true });
  // The worker loads pg_trgm, which serves the ILIKE substring searches of lists (GIN trigram indexes).
  const client = await PgliteThread.open(dir, loadDataDir);
  // Drizzle's driver calls only `query` and `transaction`, which the thread offers.
  const db = drizzle({ client: client as unknown as PGlite, schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    url: null,
    listenInProcess: (channel, onPayload) => client.listen(channel, onPayload),
    dump: () => client.dumpDataDir(),
    ping: () => timed(() => db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Before any connection opens, so every one of them reports its writes.
  const writeListeners = new Set<(tables: ReadonlySet<string>) => void>();
  reportWrites(pool, (tables) => writeListeners.forEach((listener) => listener(tables)));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  guardPoolQueries(pool);
  // The node-postgres database has the same query-building API as the PGlite one.
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((...args: Parameters<typeof transaction>) =>
    markTransaction(() => transaction(...args))) as typeof db.transaction;
  return {
    db,
    kind: 'postgres',
    url,
    onOwnWrites: (listener) => writeListeners.add(listener),
    ping: () => timed(() => db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

/**
 * The table a write statement names (as Drizzle writes them, quoted or not). A statement that
 * starts with a comment is not matched: auth/access.ts writes session activity that way on
 * purpose, as it changes nothing the session cache remembers.
 */
const WRITTEN_TABLE =
  /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/i;

/** Queries on the pool itself (not on a transaction's connection) are checked (transaction-guard.ts). */
function guardPoolQueries(pool: Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    checkNotInsideTransaction();
    return query(...args);
  };
}

/** Notes the tables each pooled connection writes and reports them when it is released. */
function reportWrites(pool: Pool, report: (tables: ReadonlySet<string>) => void) {
  const written = new WeakMap<object, Set<string>>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
      const table = text ? WRITTEN_TABLE.exec(text)?.[1] : undefined;
      if (table) {
        const tables = written.get(client) ?? new Set<string>();
        tables.add(table.toLowerCase());
        written.set(client, tables);
      }
      return query(config, ...rest);
    };
  });
  pool.on('release', (_err, client) => {
    const tables = written.get(client);
    if (!tables) return;
    written.delete(client);
    report(tables);
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return Math.round((performance.now() - start) * 100) / 100;
}
