/**
 * LISTEN on one PostgreSQL channel over a dedicated connection (a pooled one would be handed
 * to other queries), reconnected with backoff when it drops. What is notified while it is down
 * is lost: `onConnection(false)` lets the user of the channel account for that.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

export interface PgListenerOptions {
  databaseUrl: string;
  channel: string;
  log: FastifyBaseLogger;
  /** Names the listener in log lines ("hub", "session cache"). */
  name: string;
  onPayload(payload: string): void;
  /** Called with true once listening (again), with false when the connection is lost. */
  onConnection?(listening: boolean): void;
}

export class PgListener {
  private client: pg.Client | null = null;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: PgListenerOptions) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.channel)) throw new Error(`invalid channel '${options.channel}'`);
  }

  start(): Promise<void> {
    return this.connect();
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Whether the connection is up (for tests and diagnostics). */
  get listening(): boolean {
    return this.client !== null;
  }

  private async connect() {
    const { databaseUrl, channel } = this.options;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) this.options.onPayload(msg.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
    this.options.onConnection?.(true);
  }

  private lost(client: pg.Client, err?: Error) {
    // Errors of a client still connecting are handled by connect()'s caller.
    if (this.closed || client !== this.client) return;
    this.client = null;
    this.options.onConnection?.(false);
    this.options.log.warn({ err }, `${this.options.name} listener lost its database connection; reconnecting`);
    client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => this.closed || this.options.log.info(`${this.options.name} listener reconnected`),
        (err: unknown) => {
          this.options.log.warn({ err, retryInMs: this.retryMs }, `${this.options.name} listener could not reconnect`);
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          this.scheduleRetry();
        },
      );
    }, this.retryMs);
  }
}
