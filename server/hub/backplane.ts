/**
 * Carries hub events to every server process. Every process, the publisher included, delivers
 * on receipt, so a push reaches a user whichever process holds their socket. Neither variant
 * stores anything: what is sent while a listener is down is lost, and clients re-fetch what
 * matters after they reconnect.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { HubEvent } from './types';
import { PgListener } from '../db/pg-listener';

export type Receiver = (event: HubEvent) => Promise<void>;

export interface Backplane {
  /**
   * Starts delivering to `receive`. `resumed` is called when the backplane comes back after
   * being cut: events published in between were lost to this process.
   */
  start(receive: Receiver, resumed?: () => void): Promise<void>;
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

export interface PgBackplaneOptions {
  databaseUrl: string;
  channel: string;
  log: FastifyBaseLogger;
  /** Runs `select pg_notify(channel, payload)` on the app's pool (the listener may be reconnecting). */
  notify(channel: string, payload: string): Promise<void>;
}

/** PostgreSQL LISTEN/NOTIFY on a dedicated connection (server/db/pg-listener.ts). */
export class PgBackplane implements Backplane {
  private receive: Receiver = async () => undefined;
  private resumed: () => void = () => undefined;
  /** Set when the listening connection was lost, until it listens again. */
  private cut = false;
  private readonly listener: PgListener;

  constructor(private readonly options: PgBackplaneOptions) {
    const { databaseUrl, channel, log } = options;
    this.listener = new PgListener({
      databaseUrl,
      channel,
      log,
      name: 'hub',
      onPayload: (payload) => {
        let event: HubEvent;
        try {
          event = JSON.parse(payload) as HubEvent;
        } catch {
          log.warn({ channel }, 'hub ignored a notification that is not JSON');
          return;
        }
        this.receive(event).catch((err) => log.error({ err }, 'hub could not deliver an event'));
      },
      onConnection: (listening) => {
        if (!listening) this.cut = true;
        else if (this.cut) {
          this.cut = false;
          this.resumed();
        }
      },
    });
  }

  async start(receive: Receiver, resumed?: () => void) {
    this.receive = receive;
    if (resumed) this.resumed = resumed;
    await this.listener.start();
  }

  async publish(event: HubEvent) {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      throw new Error(`hub event of ${Buffer.byteLength(payload)} bytes is too large for NOTIFY: send ids, not bodies`);
    }
    await this.options.notify(this.options.channel, payload);
  }

  close() {
    return this.listener.close();
  }

  /** Whether the listener is connected (for tests and diagnostics). */
  get listening(): boolean {
    return this.listener.listening;
  }
}
