/**
 * Remembered page starts: a list page past the first begins at the sort key (sort value, id) of
 * the row it starts at, remembered from an earlier answer, instead of skipping OFFSET rows.
 * Why: a deep page skipped up to every row of the list in the index and then joined the page's ids
 * back; with 10,000 reports under 50 connections that was most of PostgreSQL's work per request.
 * From a remembered key the page is a range of the (field, id) index: its own rows and no others.
 *
 * Each answered page teaches two starts: its first row (where this page starts) and, when full,
 * the key after its last row (where the next page starts). Paging forwards, and any page asked
 * before, then starts from a key; a page never reached is read by OFFSET as before.
 *
 * Why it stays exact: a start is remembered with the table version its page statement read
 * (exact-count.ts: the version row that every write of the table bumps in its own transaction).
 * A page read from a start carries the version its statement read (same statement, same
 * snapshot); when that is the start's version, no change has committed since, so the row at that
 * offset is still the one the key names and the page is the OFFSET page. Otherwise the answer is
 * thrown away and the page is read by OFFSET. Only NOT NULL sort columns qualify (a row
 * comparison with NULL matches nothing). The key is compared as listOrder sorts: a text column
 * by the text rule's terms (server/db/sort-text.ts: its fold, then itself), then the id, so rows
 * equal once folded ("ann", "Ann") keep their places across pages.
 */
import { sql, type SQL } from 'drizzle-orm';
import { sortTerms, sortTermsOfText } from '../db/sort-text';
import type { ResourceTable } from './table';

/** The list's sort (query.ts listOrder: the field's terms, then the id, all in `desc`'s direction). */
export interface SortKey {
  column: ResourceTable[string];
  desc: boolean;
}

/** The row a page starts at: its sort value as PostgreSQL's text and its id. */
export interface PageStart {
  version: string;
  value: string;
  id: string;
  /** The page starts at this row (its first row), or just after it (the previous page's last row). */
  inclusive: boolean;
}

/** Starts remembered per database (tests open many); the least recently used go first past this. */
const MAX_STARTS = 20_000;
const memories = new WeakMap<object, Map<string, PageStart>>();
/** The newest table version each database's pages have read, by table. */
const newest = new WeakMap<object, Map<string, string>>();

/** The sort value as text, exactly as stored (a timestamp's microseconds, which a JS Date drops). */
export const sortValueText = (sort: SortKey) => sql<string>`${sort.column}::text`;

const memoryOf = (db: object) => {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new Map()));
  return memory;
};

/**
 * A remembered start for the page at `offset` of list `list` (its filter and sort), if it was
 * taken at the newest version seen: one taken before a change would only cost a second read.
 */
export function pageStartAt(db: object, tableName: string, list: string, offset: number): PageStart | undefined {
  const start = memories.get(db)?.get(`${list}\u0000${offset}`);
  return start && start.version === newest.get(db)?.get(tableName) ? start : undefined;
}

/** Rows of the sort at or after the start, in the sort's direction. */
export function fromStart(table: ResourceTable, sort: SortKey, start: PageStart): SQL {
  const op = sort.desc ? (start.inclusive ? '<=' : '<') : start.inclusive ? '>=' : '>';
  // A row comparison of listOrder's terms, which an index on (the terms, id) serves; untyped
  // parameters take their columns' types.
  const columns = sql.join([...sortTerms(sort.column), sql`${table.id!}`], sql`, `);
  const values = sql.join([...sortTermsOfText(sort.column, start.value), sql`${start.id}`], sql`, `);
  return sql`(${columns}) ${sql.raw(op)} (${values})`;
}

/** Notes the version a page statement read, and the starts its rows give (see above). */
export function rememberPageStarts(
  db: object,
  tableName: string,
  list: string,
  page: { offset: number; limit: number; version: string; keys: { value: string; id: string }[] },
) {
  let versions = newest.get(db);
  if (!versions) newest.set(db, (versions = new Map()));
  versions.set(tableName, page.version);
  const { keys, offset, limit, version } = page;
  if (!keys.length) return;
  const memory = memoryOf(db);
  const put = (at: number, key: { value: string; id: string }, inclusive: boolean) => {
    const name = `${list}\u0000${at}`;
    // Re-inserted at the end: Map keeps insertion order, so the first keys are the oldest.
    memory.delete(name);
    memory.set(name, { version, value: key.value, id: key.id, inclusive });
  };
  if (offset > 0) put(offset, keys[0]!, true);
  if (keys.length === limit) put(offset + limit, keys[keys.length - 1]!, false);
  while (memory.size > MAX_STARTS) memory.delete(memory.keys().next().value!);
}
