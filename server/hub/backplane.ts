/**
 * Carries hub events to every server process. Every process, the publisher included, delivers
 * on receipt, so a push reaches a user whichever process holds their socket. Neither variant
 * stores anything: what is sent while a listener is down is lost, and clients re-fetch what
 * matters after they reconnect.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { HubEvent } from './types';

export type Receiver = (event: HubEvent) => Promise<void>;

export interface Backplane {
  start(receive: Receiver): Promise<void>;
  publish(event: HubEvent): Promise<void>;
  close(): Promise<void>;
}

/** One process (PGlite): publishing is receiving. */
export class InProcessBackplane implements Backplane {
  private receive: Receiver = async () => undefined;

  async start(receive: Receiver) {
    this.receive = receive;
  }

  async publish(event: HubEvent) {
    await this.receive(event);
  }

  async close() {}
}

/** NOTIFY refuses payloads of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7999;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

export interface PgBackplaneOptions {
  databaseUrl: string;
  channel: string;
  log: FastifyBaseLogger;
  /** Runs `select pg_notify(channel, payload)` on the app's pool (the listener may be reconnecting). */
  notify(channel: string, payload: string): Promise<void>;
}

/** PostgreSQL LISTEN/NOTIFY on a dedicated connection, reconnected with backoff when it drops. */
export class PgBackplane implements Backplane {
  private client: pg.Client | null = null;
  private receive: Receiver = async () => undefined;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: PgBackplaneOptions) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.channel)) throw new Error(`invalid hub channel '${options.channel}'`);
  }

  async start(receive: Receiver) {
    this.receive = receive;
    await this.connect();
  }

  async publish(event: HubEvent) {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      throw new Error(`hub event of ${Buffer.byteLength(payload)} bytes is too large for NOTIFY: send ids, not bodies`);
    }
    await this.options.notify(this.options.channel, payload);
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Whether the listener is connected (for tests and diagnostics). */
  get listening(): boolean {
    return this.client !== null;
  }

  private async connect() {
    const { databaseUrl, channel, log } = this.options;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      let event: HubEvent;
      try {
        event = JSON.parse(msg.payload) as HubEvent;
      } catch {
        log.warn({ channel }, 'hub ignored a notification that is not JSON');
        return;
      }
      this.receive(event).catch((err) => log.error({ err }, 'hub could not deliver an event'));
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
  }

  private lost(client: pg.Client, err?: Error) {
    // Errors of a client still connecting are handled by connect()'s caller.
    if (this.closed || client !== this.client) return;
    this.client = null;
    this.options.log.warn({ err }, 'hub listener lost its database connection; reconnecting');
    client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => this.closed || this.options.log.info('hub listener reconnected'),
        (err: unknown) => {
          this.options.log.warn({ err, retryInMs: this.retryMs }, 'hub listener could not reconnect');
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          this.scheduleRetry();
        },
      );
    }, this.retryMs);
  }
}
