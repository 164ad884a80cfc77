/**
 * The server's side of PGlite on its own thread (server/db/pglite-worker.mjs holds the database).
 * It offers what Drizzle's PGlite driver calls, `query` and `transaction`, plus LISTEN, the
 * tarball dump and close, each as a message to the worker; the answers come back in the order
 * the worker sends them, so a notification still arrives before the statement that caused it
 * returns, as it did in process.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkNotInsideTransaction, markTransaction } from './transaction-guard';

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** A transaction as Drizzle's driver uses it. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

/**
 * `origin` is an Error made where the query was sent: its frames are captured then, but its
 * `stack` text (source-mapped under tsx, the costliest part) is only built if the query fails.
 */
type Pending = { resolve(value: unknown): void; reject(error: Error): void; origin: Error };

/**
 * The worker's file: beside this module in the sources (server/db/) and in the bundle
 * (build/server/, where scripts/lib/server-build.mjs copies it beside the chunks).
 */
function workerFile(): URL {
  const here = new URL('./pglite-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  throw new Error(`The PGlite worker is missing at ${fileURLToPath(here)}.`);
}

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to every worker: compiling its
 * 9 MB in each new thread (and optimising it again there) cost about 3 s of CPU per database
 * opened, which the API tests, one database per file, paid over a hundred times.
 */
function pgliteModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiled;
}

/** PostgreSQL's error, rebuilt on this side with its fields (code, constraint…) and our stack. */
function rebuiltError(plain: Record<string, unknown>, origin: Error): Error {
  const error = new Error(String(plain.message ?? 'database error'));
  const stack = origin.stack;
  Object.assign(error, plain);
  if (stack) error.stack = `${error.name}: ${error.message}\n${stack.split('\n').slice(1).join('\n')}`;
  return error;
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private lastId = 0;
  private lastTransaction = 0;
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Record<string, unknown>) => this.receive(message));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => this.failAll(new Error('The PGlite worker stopped.')));
  }

  /** Starts the worker and opens the database (a directory, or memory:// from a tarball). */
  static async open(dataDir: string, loadDataDir?: Blob): Promise<PgliteThread> {
    const bytes = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(workerFile(), {
      workerData: { dataDir, loadDataDir: bytes, wasmModule: await pgliteModule() },
      transferList: bytes ? [bytes] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; error?: Record<string, unknown> }) => {
        if (message.ready === undefined) return;
        worker.off('message', onMessage);
        if (message.ready) resolve();
        else reject(rebuiltError(message.error ?? {}, new Error()));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteThread(worker);
  }

  query(sql: string, params?: unknown[], options?: QueryOptions, tx?: number, begin?: boolean): Promise<QueryResult> {
    if (tx === undefined) checkNotInsideTransaction();
    return this.call({
      op: 'query',
      sql,
      params: params ?? [],
      rowMode: options?.rowMode ?? 'object',
      tx,
      begin,
    }) as Promise<QueryResult>;
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return markTransaction(() => this.runTransaction(callback));
  }

  /**
   * BEGIN travels with the transaction's first statement instead of as a message of its own: the
   * database is held by an open transaction, and every round trip inside one waits for this
   * thread's turn (behind whatever else the server is doing), so one round trip fewer is that much
   * less time the single PGlite connection sits locked and idle under load. Statements sent
   * before the first has opened the transaction wait for it; a transaction that sends none never
   * reaches the database.
   */
  private async runTransaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = ++this.lastTransaction;
    let opened: Promise<unknown> | undefined;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => {
        if (opened) return opened.then(() => this.query(sql, params, options, txId));
        const first = this.query(sql, params, options, txId, true);
        opened = first.catch(() => undefined);
        return first;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (opened) {
        await opened;
        await this.call({ op: 'end', tx: txId, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (opened) {
      await opened;
      await this.call({ op: 'end', tx: txId, commit: true });
    }
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<void> {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(onPayload);
    if (set.size === 1) await this.call({ op: 'listen', channel });
  }

  /** The whole database as an uncompressed tarball. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.call({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' });
    this.closed = true;
    await this.worker.terminate();
  }

  private call(message: Record<string, unknown>): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The database is closed.'));
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, origin: new Error() });
      this.worker.postMessage({ ...message, id });
    });
  }

  private receive(message: Record<string, unknown>) {
    if (typeof message.notify === 'string') {
      for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload as string);
      return;
    }
    const pending = this.pending.get(message.id as number);
    if (!pending) return;
    this.pending.delete(message.id as number);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(rebuiltError(message.error as Record<string, unknown>, pending.origin));
  }

  private failAll(error: Error) {
    this.closed = true;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
