/**
 * For the reports benchmark: EXPLAIN ANALYZE of the SQL a page of the demo fleet business's
 * reports list runs (the page query and the count; pages from the 1,000th row on find their ids
 * first) for each query string given as an argument (list-explain.ts). Opens DATA_DIR's PGlite or
 * DATABASE_URL, so with PGlite the server must be stopped.
 *   node --import tsx scripts/bench/reports-explain.ts 'page=1&perPage=20' 'page=400&perPage=20'
 */
import { eq } from 'drizzle-orm';
import { businesses } from '../../server/db/schema';
import { explainList } from './list-explain';

await explainList('reports', process.argv.slice(2), async (db) => {
  const [business] = await db.select().from(businesses).where(eq(businesses.companyName, 'Roadline Logistics'));
  return business!.id;
});
