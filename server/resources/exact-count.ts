/**
 * The exact total of a list (paging-data `totalCount`) without a count(*) on every request.
 * Why: with 100,000 users a count over a filter or a search reads tens of thousands of rows
 * (5-30 ms), several times the cost of the page itself, and under concurrent load it decided
 * the list's latency.
 *
 * How it stays exact: a table listed in VERSIONED has a row in table_versions that a BEFORE
 * STATEMENT trigger bumps in the same transaction as every INSERT, UPDATE, DELETE or TRUNCATE
 * (migration 0009). A total is counted in the same statement (so the same snapshot) as the
 * version it is remembered with. Later requests read the version: while it is unchanged, no
 * change to the table has committed since, so the remembered total is still the count now;
 * otherwise they count again. Every server process keeps its own memory and reads the same row.
 * LIST_COUNT_CACHE=false turns it off (the users-list benchmark measures both).
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tableVersions } from '../db/schema';
import type { ResourceTable } from './table';

/** Tables with the version trigger. */
const VERSIONED = new Set(['users']);
const MAX_ENTRIES = 500;
const enabled = process.env.LIST_COUNT_CACHE !== 'false';

/** Per database (tests open many), filter SQL → the total and the version it was counted at. */
const memories = new WeakMap<object, Map<string, { version: string; n: number }>>();

export async function exactTotal(db: Db, tableName: string, table: ResourceTable, where: SQL | undefined) {
  const counted = db.select({ n: count() }).from(table).where(where);
  if (!enabled || !VERSIONED.has(tableName)) return (await counted)[0]?.n ?? 0;

  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new Map()));
  const built = counted.toSQL();
  const key = `${built.sql}\u0000${JSON.stringify(built.params)}`;
  const known = memory.get(key);
  if (known) {
    // A primary-key read: cheaper to plan and run than a statement carrying the count.
    const [current] = await db
      .select({ version: sql<string>`${tableVersions.version}::text` })
      .from(tableVersions)
      .where(eq(tableVersions.tableName, tableName));
    if (current?.version === known.version) {
      memory.delete(key);
      memory.set(key, known);
      return known.n;
    }
  }
  // The version and the count from one statement, so from one snapshot.
  const [row] = await db
    .select({ version: sql<string>`${tableVersions.version}::text`, n: sql<string>`(${counted})::text` })
    .from(tableVersions)
    .where(eq(tableVersions.tableName, tableName));
  // No version row (the trigger's migration not applied): count as usual, remember nothing.
  if (!row) return (await counted)[0]?.n ?? 0;
  const n = Number(row.n);
  memory.delete(key);
  memory.set(key, { version: row.version, n });
  // Least recently used first: Map keeps insertion order and a hit re-inserts its key.
  if (memory.size > MAX_ENTRIES) memory.delete(memory.keys().next().value!);
  return n;
}
