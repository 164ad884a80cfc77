/**
 * Catches a query sent on the database instead of on the open transaction that is waiting for
 * it (`db.select()` where `tx.select()` was meant, or a helper handed `db` called inside
 * `db.transaction`). On PGlite, one connection, that query waits for the transaction, which waits
 * for the query: the request hangs for good. On PostgreSQL it runs on another pooled connection,
 * outside the transaction: it does not see the transaction's writes, is not undone with it, and
 * two such requests at once can exhaust the pool. Either way `tx` was meant.
 *
 * The transaction's async context is marked while it is open (AsyncLocalStorage); a query or a
 * new transaction started on the database from inside it is the mistake. Code that goes on after
 * the transaction has ended (a live event published once committed) is not affected.
 * With DB_STRICT_TRANSACTIONS=1 (the API tests) the query is refused with this error, so a test
 * of the route fails on either engine; otherwise it is logged and runs as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class QueryOutsideTransactionError extends Error {
  constructor() {
    super('A query was sent on the database inside an open transaction: send it on the transaction (tx).');
    this.name = 'QueryOutsideTransactionError';
  }
}

const strict = () => process.env.DB_STRICT_TRANSACTIONS === '1';

/** Call before a query or transaction started on the database (not on a transaction). */
export function checkNotInsideTransaction(): void {
  if (!openTransaction.getStore()?.open) return;
  const error = new QueryOutsideTransactionError();
  if (strict()) throw error;
  console.error(error.stack);
}

/** Runs a database transaction, marking its async context as inside it until it ends. */
export function markTransaction<T>(run: () => Promise<T>): Promise<T> {
  checkNotInsideTransaction();
  const state = { open: true };
  return openTransaction.run(state, () =>
    run().finally(() => {
      state.open = false;
    }),
  );
}
