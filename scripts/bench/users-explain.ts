/**
 * For the users-list benchmark: EXPLAIN ANALYZE of the SQL the admin's users list runs (the page
 * query and the count) for each query string given as an argument (list-explain.ts). Opens
 * DATA_DIR's PGlite or DATABASE_URL, so with PGlite the server must be stopped.
 *   node --import tsx scripts/bench/users-explain.ts 'page=1&perPage=10' 'query=mart'
 */
import { explainList } from './list-explain';

// Administrators see every tenant: the route's tenant is null for them.
await explainList('users', process.argv.slice(2), async () => null);
