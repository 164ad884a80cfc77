/**
 * For the users-list benchmark: EXPLAIN ANALYZE of the exact SQL the list route runs (the page
 * query and the count, built by the same engine functions) for each query string given as an
 * argument. Opens DATA_DIR's PGlite or DATABASE_URL, so with PGlite the server must be stopped.
 * Prints one JSON line per query string: { query, page: plan lines, count: plan lines }.
 *   node --import tsx scripts/bench/users-explain.ts 'page=1&perPage=10' 'query=mart'
 */
import { count } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { listOrder, listWhere } from '../../server/resources/query';
import { selection } from '../../server/resources/records';
import { declarationOf, tableOf } from '../../server/resources/tables';
import { parseListQuery } from '../../src/domain/resources/list-query';

interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const database = await openDatabase(loadConfig());
const { db } = database;
// PGlite and node-postgres both answer query(text, params): EXPLAIN needs the raw SQL text.
const client = (db as unknown as { $client: RawClient }).$client;
const resource = declarationOf('users')!;
const table = tableOf('users');

async function explain(built: { sql: string; params: unknown[] }): Promise<string[]> {
  const { rows } = await client.query(`explain (analyze, costs off) ${built.sql}`, built.params);
  return rows.map((r) => String(Object.values(r)[0]));
}

try {
  for (const query of process.argv.slice(2)) {
    const parsed = parseListQuery(resource, Object.fromEntries(new URLSearchParams(query)));
    if (!parsed.ok) throw new Error(`${query}: ${JSON.stringify(parsed.errors)}`);
    const { page, perPage, sort } = parsed.value;
    // Administrators see every tenant: the route's tenant is null for them.
    const where = listWhere(resource, table, parsed.value, null);
    const pageQuery = db
      .select(selection(resource, table))
      .from(table)
      .where(where)
      .orderBy(...listOrder(table, sort))
      .limit(perPage)
      .offset((page - 1) * perPage)
      .toSQL();
    const countQuery = db.select({ n: count() }).from(table).where(where).toSQL();
    // Twice: the first run pays for cold caches, the second shows the steady state.
    await explain(pageQuery);
    await explain(countQuery);
    console.log(JSON.stringify({ query, page: await explain(pageQuery), count: await explain(countQuery) }));
  }
} finally {
  await database.close();
}
