/**
 * For the reports benchmark: EXPLAIN ANALYZE of the SQL a page of the reports list runs, built by
 * the same engine functions as the route, for the demo fleet business: the page query (shallow and
 * deep: pages from the 1,000th row on find their ids first), and the count. Opens DATA_DIR's PGlite or
 * DATABASE_URL, so with PGlite the server must be stopped. Prints one JSON line per query.
 *   node --import tsx scripts/bench/reports-explain.ts 'page=1&perPage=20' 'page=400&perPage=20'
 */
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { businesses } from '../../server/db/schema';
import { pageSelect } from '../../server/resources/exact-count';
import { listOrder, listWhere } from '../../server/resources/query';
import { listSelection, PAGE_ONLY } from '../../server/resources/records';
import { declarationOf, tableOf } from '../../server/resources/tables';
import { parseListQuery } from '../../src/domain/resources/list-query';

interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const database = await openDatabase(loadConfig());
const { db } = database;
const client = (db as unknown as { $client: RawClient }).$client;
const resource = declarationOf('reports')!;
const table = tableOf('reports');
const [business] = await db.select().from(businesses).where(eq(businesses.companyName, 'Roadline Logistics'));

async function explain(built: { sql: string; params: unknown[] }): Promise<string[]> {
  // Twice: the first run pays for cold caches, the second shows the steady state.
  await client.query(`explain (analyze, costs off) ${built.sql}`, built.params);
  const { rows } = await client.query(`explain (analyze, costs off) ${built.sql}`, built.params);
  return rows.map((r) => String(Object.values(r)[0]));
}

try {
  for (const query of process.argv.slice(2)) {
    const parsed = parseListQuery(resource, Object.fromEntries(new URLSearchParams(query)));
    if (!parsed.ok) throw new Error(`${query}: ${JSON.stringify(parsed.errors)}`);
    const { page, perPage, sort } = parsed.value;
    const where = listWhere(resource, table, parsed.value, business!.id);
    const columns = listSelection(resource, table);
    const pageQuery = pageSelect(db, {
      tableName: resource.table.name,
      table,
      columns,
      perRow: Object.keys(columns).some((key) => key.startsWith(PAGE_ONLY)),
      where,
      order: listOrder(table, sort),
      limit: perPage,
      offset: (page - 1) * perPage,
    }).toSQL();
    const countQuery = db.select({ n: count() }).from(table).where(where).toSQL();
    console.log(JSON.stringify({ query, page: await explain(pageQuery), count: await explain(countQuery) }));
  }
} finally {
  await database.close();
}
