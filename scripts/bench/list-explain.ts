/**
 * The benchmarks' EXPLAIN ANALYZE of a resource list: for each query string, the page query and
 * the count, built by the very functions the list route uses (crud-routes.ts listPageQuery,
 * exact-count.ts pageSelect), so the plans are the route's. Opens DATA_DIR's PGlite or
 * DATABASE_URL, so with PGlite the server must be stopped. Prints one JSON line per query string:
 * { query, page: plan lines, fromStart: plan lines (a page past the first, from a remembered start:
 * page-starts.ts), count: plan lines }. users-explain.ts and reports-explain.ts call it.
 */
import { count } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/client';
import { listPageQuery } from '../../server/resources/crud-routes';
import { pageSelect } from '../../server/resources/exact-count';
import { sortValueText } from '../../server/resources/page-starts';
import { declarationOf, tableOf } from '../../server/resources/tables';
import { parseListQuery } from '../../src/domain/resources/list-query';

interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * `tenantOf` answers the route's tenant: the caller's business, or null for an administrator
 * (who sees every tenant).
 */
export async function explainList(
  resourceName: string,
  queries: readonly string[],
  tenantOf: (db: Db) => Promise<string | null>,
): Promise<void> {
  const database = await openDatabase(loadConfig());
  const { db } = database;
  // PGlite and node-postgres both answer query(text, params): EXPLAIN needs the raw SQL text.
  const client = (db as unknown as { $client: RawClient }).$client;
  const resource = declarationOf(resourceName)!;
  const table = tableOf(resourceName);
  const explain = async (built: { sql: string; params: unknown[] }) => {
    // Twice: the first run pays for cold caches, the second shows the steady state.
    await client.query(`explain (analyze, costs off) ${built.sql}`, built.params);
    const { rows } = await client.query(`explain (analyze, costs off) ${built.sql}`, built.params);
    return rows.map((r) => String(Object.values(r)[0]));
  };
  try {
    const tenant = await tenantOf(db);
    for (const query of queries) {
      const parsed = parseListQuery(resource, Object.fromEntries(new URLSearchParams(query)));
      if (!parsed.ok) throw new Error(`${query}: ${JSON.stringify(parsed.errors)}`);
      const page = listPageQuery(resource, table, parsed.value, tenant);
      const countQuery = db.select({ n: count() }).from(table).where(page.where).toSQL();
      // A page past the first, started from its first row's key as a remembered start would be.
      let fromStart: string[] | undefined;
      if (page.offset > 0 && page.sortKey) {
        const [first] = await pageSelect(db, page, { value: sortValueText(page.sortKey) });
        if (first) {
          const start = { version: '', value: first.value as string, id: first.id as string, inclusive: true };
          fromStart = await explain(pageSelect(db, page, {}, start).toSQL());
        }
      }
      console.log(
        JSON.stringify({
          query,
          page: await explain(pageSelect(db, page).toSQL()),
          fromStart,
          count: await explain(countQuery),
        }),
      );
    }
  } finally {
    await database.close();
  }
}
