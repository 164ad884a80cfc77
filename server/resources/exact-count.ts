/**
 * A list page and its exact total (paging-data `totalCount`) without a count(*) on every request.
 * Why: with 100,000 users a count over a filter or a search reads tens of thousands of rows
 * (5-30 ms), several times the cost of the page itself, and under concurrent load it decided
 * the list's latency.
 *
 * How it stays exact: a table listed in VERSIONED has a row in table_versions that a BEFORE
 * STATEMENT trigger bumps in the same transaction as every INSERT, UPDATE, DELETE or TRUNCATE
 * (migration 0009). A total is counted in the same statement (so the same snapshot) as the
 * version it is remembered with. Later pages read the version in the page query itself (one
 * statement, one snapshot): while it is unchanged, no change to the table has committed since,
 * so the remembered total is still the count now; otherwise it is counted again. Every server
 * process keeps its own memory and reads the same row.
 * LIST_COUNT_CACHE=false turns it off, and with it the remembered page starts (page-starts.ts),
 * which stand on the same version: the users-list benchmark measures both ways.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { tableVersions } from '../db/schema';
import type { Row } from './records';
import type { ResourceTable } from './table';
import { fromStart, pageStartAt, rememberPageStarts, sortValueText, type PageStart, type SortKey } from './page-starts';

/** Tables with the version trigger (migrations 0009 and 0026): the admin's users, the fleet's reports. */
const VERSIONED = new Set(['users', 'fleet_reports']);
const MAX_ENTRIES = 500;
const enabled = process.env.LIST_COUNT_CACHE !== 'false';
const dialect = new PgDialect();
const VERSION = '__table_version';
const SORT_VALUE = '__sort_value';
/** From this offset on, a page is found by id first (page 100 of 10 rows and deeper). */
const DEFERRED_FROM = 1000;

/** Per database (tests open many), filter SQL → the total and the version it was counted at. */
const memories = new WeakMap<object, Map<string, { version: string; n: number }>>();

export interface PageQuery {
  tableName: string;
  table: ResourceTable;
  /** The page's columns: the table's, or any SQL (records.ts listSelection). */
  columns: Record<string, unknown>;
  /**
   * Some columns are subqueries run for each row (a reference's label, a computed field's
   * inputs): find the page's ids first from any offset, so they run for the page's rows only
   * and not for every row the offset skips.
   */
  perRow?: boolean;
  where: SQL | undefined;
  order: SQL[];
  /**
   * The sort `order` spells (its field, then the id), when its column is NOT NULL: a page of a
   * versioned table may then start from a remembered key (page-starts.ts).
   */
  sortKey?: SortKey;
  limit: number;
  offset: number;
}

const versionOf = (tableName: string) =>
  sql<string>`(select ${tableVersions.version}::text from ${tableVersions} where ${tableVersions.tableName} = ${tableName})`;

/**
 * A page's rows (with `extra` columns). From a remembered `start` (page-starts.ts), the rows of
 * the sort from that key on. Otherwise deep pages skip the offset's rows on ids alone (an
 * index-only scan of a (field, id) index when the filter allows), then read just the page's rows
 * — not every skipped row. Exported for the benchmarks' EXPLAIN, so they show this very SQL.
 */
export function pageSelect(db: Db, q: PageQuery, extra: Record<string, SQL> = {}, start?: PageStart) {
  const select = db.select({ ...q.columns, ...extra } as Record<string, SQL>).from(q.table);
  if (start && q.sortKey)
    return select
      .where(and(q.where, fromStart(q.table, q.sortKey, start)))
      .orderBy(...q.order)
      .limit(q.limit);
  if (q.offset < (q.perRow ? 1 : DEFERRED_FROM))
    return select
      .where(q.where)
      .orderBy(...q.order)
      .limit(q.limit)
      .offset(q.offset);
  const ids = db
    .select({ id: q.table.id! })
    .from(q.table)
    .where(q.where)
    .orderBy(...q.order)
    .limit(q.limit)
    .offset(q.offset);
  return select.where(inArray(q.table.id!, ids)).orderBy(...q.order);
}

/**
 * A page, its exact total and, for a versioned table, the table's version the page was read at
 * (none for an empty page): what a remembered computed value is checked against (computed-fields.ts).
 */
export async function pageWithTotal(db: Db, q: PageQuery): Promise<{ rows: Row[]; total: number; version?: string }> {
  const counted = db.select({ n: count() }).from(q.table).where(q.where);
  if (!enabled || !VERSIONED.has(q.tableName)) {
    const [rows, [total]] = await Promise.all([pageSelect(db, q), counted]);
    return { rows, total: total?.n ?? 0 };
  }
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new Map()));
  const where = q.where ? dialect.sqlToQuery(q.where) : { sql: '', params: [] };
  const key = `${q.tableName}\u0000${where.sql}\u0000${JSON.stringify(where.params)}`;
  const sort = q.sortKey;
  const list = sort ? `${key}\u0000${sort.column.name}\u0000${sort.desc ? 'desc' : 'asc'}` : '';

  /**
   * The page carries the version (same statement, same snapshot) and each row's sort value, taken
   * off its rows. From a remembered start, it stands only if it read the start's version (page-starts.ts).
   */
  const read = async (start?: PageStart) => {
    const extra: Record<string, SQL> = { [VERSION]: versionOf(q.tableName) };
    if (sort) extra[SORT_VALUE] = sortValueText(sort);
    const rows = await pageSelect(db, q, extra, start);
    const version = rows[0]?.[VERSION] as string | undefined;
    const keys: { value: string; id: string }[] = [];
    for (const row of rows) {
      if (sort) keys.push({ value: row[SORT_VALUE] as string, id: row.id as string });
      delete row[VERSION];
      delete row[SORT_VALUE];
    }
    return { rows, version, keys };
  };
  const page = async () => {
    const start = sort && q.offset > 0 ? pageStartAt(db, q.tableName, list, q.offset) : undefined;
    let found = await read(start);
    if (start && found.version !== start.version) found = await read();
    if (sort && found.version !== undefined && typeof found.rows[0]?.id === 'string')
      rememberPageStarts(db, q.tableName, list, {
        offset: q.offset,
        limit: q.limit,
        version: found.version,
        keys: found.keys,
      });
    return found;
  };
  const known = memory.get(key);
  const remember = (entry: { version: string; n: number }) => {
    // Least recently used first: Map keeps insertion order and a hit re-inserts its key.
    memory.delete(key);
    memory.set(key, entry);
    if (memory.size > MAX_ENTRIES) memory.delete(memory.keys().next().value!);
    return entry.n;
  };
  /** The version and the count from one statement, so from one snapshot. */
  const countNow = async () => {
    const [row] = await db
      .select({ version: sql<string>`${tableVersions.version}::text`, n: sql<string>`(${counted})::text` })
      .from(tableVersions)
      .where(eq(tableVersions.tableName, q.tableName));
    // No version row (the trigger's migration not applied): count as usual, remember nothing.
    if (!row) return (await counted)[0]?.n ?? 0;
    return remember({ version: row.version, n: Number(row.n) });
  };

  if (!known) {
    const [{ rows, version }, total] = await Promise.all([page(), countNow()]);
    return { rows, total, version };
  }
  // The page carries the version, so a remembered total costs no statement of its own.
  const { rows, version } = await page();
  // An empty page (past the end, or nothing matches) carries no version: count.
  const total = version !== undefined && version === known.version ? remember(known) : await countNow();
  return { rows, total, version };
}

/**
 * Takes the version row's lock of a versioned table, for a transaction that locks one of its rows
 * (SELECT … FOR UPDATE) before it writes the table. Why: a plain write takes the version row first
 * (the BEFORE STATEMENT trigger) and the record's row after; without this the two orders could
 * meet and PostgreSQL would abort one as a deadlock. The bump it makes only costs the next list a
 * count.
 */
export async function lockTableVersion(tx: Pick<Db, 'update'>, tableName: string): Promise<void> {
  await tx
    .update(tableVersions)
    .set({ version: sql`${tableVersions.version} + 1` })
    .where(eq(tableVersions.tableName, tableName));
}
