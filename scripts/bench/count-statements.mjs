/**
 * Preloaded into a benchmarked server (server-process.mjs `countStatements`): counts the SQL
 * statements the server sends, on either engine, and answers the count over the IPC channel
 * ({ statements } to a 'statements' message). Statements per request is a figure the machine's
 * load does not change, as the server's CPU time per request is.
 * - PostgreSQL: every statement, in a transaction or not, goes through a pooled node-postgres
 *   Client's query().
 * - PGlite: every statement is a { op: 'query' } message to the database's worker thread
 *   (server/db/pglite-thread.ts). A transaction's BEGIN rides on its first statement and its end
 *   is a message of its own, not counted there as it is on PostgreSQL.
 */
let statements = 0;

if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    statements++;
    return query.apply(this, args);
  };
} else {
  // Every statement is a { op: 'query' } message to the database's worker thread.
  const { Worker } = await import('node:worker_threads');
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.op === 'query') statements++;
    return post.call(this, message, ...rest);
  };
}

process.on('message', (message) => {
  if (message === 'statements') process.send?.({ statements });
});
