/**
 * PGlite on a thread of its own (server/db/pglite-thread.ts drives it). PGlite runs PostgreSQL
 * in WebAssembly, synchronously, on the thread that calls it; on the server's thread every query
 * held up the event loop, and under load some keep-alive connections went unanswered for
 * seconds (`npm run bench:pglite-fairness`). Here the server's thread only passes messages.
 *
 * Plain JavaScript on purpose: the same file runs under the tests (TypeScript sources, no build)
 * and beside the server bundle (scripts/lib/server-build.mjs copies it).
 *
 * Messages in: { id, op: 'query', sql, params, rowMode, tx?, begin? } | { id, op: 'end', tx, commit }
 *   | { id, op: 'listen', channel } | { id, op: 'dump' } | { id, op: 'close' }
 * A transaction's id is chosen by the server's thread; its first query carries `begin: true` and
 * opens it (BEGIN runs first), the next ones carry only its id, `end` commits or rolls it back.
 * Messages out: { id, ok: true, result } | { id, ok: false, error } | { notify, payload }
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = parentPort;

/**
 * Drizzle's PGlite driver (drizzle-orm/pglite/session.js) reads dates, times, intervals and their
 * arrays as the strings PostgreSQL sends and maps them itself. Its parsers are functions, which
 * cannot cross threads, so the same set is applied here to every query.
 */
const RAW = (value) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, RAW]),
);

/** An error as plain data: message plus PostgreSQL's fields (code, constraint, detail…). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue; // e.g. the failed query's params
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

const reply = (id, result, transfer) => port.postMessage({ id, ok: true, result }, transfer ?? []);
const fail = (id, error) => port.postMessage({ id, ok: false, error: plainError(error) });

const { dataDir, loadDataDir, wasmModule } = workerData;
let db;
try {
  db = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    // Compiled once by the server's thread (pglite-thread.ts says why).
    pgliteWasmModule: wasmModule,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) });
  process.exit(1);
}

/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();

async function runQuery(runner, message) {
  const result = await runner.query(message.sql, message.params, { rowMode: message.rowMode, parsers: PARSERS });
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

/** Opens transaction `txId` and runs its first query (`first`) in it; the transaction then waits for `end`. */
function begin(txId, first) {
  let ending;
  const ended = new Promise((resolve) => (ending = resolve));
  let endId;
  let started = false;
  db.transaction(async (tx) => {
    transactions.set(txId, { tx, end: ending });
    started = true;
    await runQuery(tx, first).then(
      (result) => reply(first.id, result),
      (error) => fail(first.id, error),
    );
    const end = await ended;
    endId = end.id;
    if (!end.commit) await tx.rollback();
  })
    .then(
      () => reply(endId, null),
      // Before the first query ran (BEGIN failed), the failure is that query's answer.
      (error) => fail(started ? endId : first.id, error),
    )
    .finally(() => transactions.delete(txId));
}

async function handle(message) {
  const { id, op } = message;
  try {
    switch (op) {
      case 'query': {
        if (message.begin) return begin(message.tx, message);
        const runner = message.tx ? transactions.get(message.tx)?.tx : db;
        if (!runner) throw new Error('Transaction is closed');
        return reply(id, await runQuery(runner, message));
      }
      case 'end': {
        const open = transactions.get(message.tx);
        if (!open) throw new Error('Transaction is closed');
        // The reply comes from begin()'s chain, once COMMIT or ROLLBACK has run.
        return open.end({ id, commit: message.commit });
      }
      case 'listen':
        await db.listen(message.channel, (payload) => port.postMessage({ notify: message.channel, payload }));
        return reply(id, null);
      case 'dump': {
        const bytes = await (await db.dumpDataDir('none')).arrayBuffer();
        return reply(id, bytes, [bytes]);
      }
      case 'close':
        await db.close();
        reply(id, null);
        return port.close();
      default:
        throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    fail(id, error);
  }
}

port.on('message', (message) => void handle(message));
