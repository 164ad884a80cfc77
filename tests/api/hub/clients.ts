/** Hub clients for tests: the official client as the app uses it, and a raw socket for abuse. */
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../../server/config';
import { createTestApp, type TestApp } from '../helpers/app';

export const RS = '\x1e';
/** The handshake both clients send first. */
export const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;

export function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

export function officialClient(
  url: string,
  accessTokenFactory: () => string | Promise<string>,
  /**
   * serverTimeoutMs: how long the client waits for the server before it drops and reconnects (short
   * by default, so reconnection tests run fast). A delivery test gives it longer: a loaded machine
   * can stall the server past 1.5 s, and a message sent while the client reconnects is lost to it.
   */
  options: { skipNegotiation?: boolean; retryDelays?: number[]; serverTimeoutMs?: number } = {},
): HubConnection {
  const skipNegotiation = options.skipNegotiation ?? true;
  return new HubConnectionBuilder()
    .withUrl(url, {
      skipNegotiation,
      transport: HttpTransportType.WebSockets,
      accessTokenFactory,
    })
    .withAutomaticReconnect(options.retryDelays ?? [0, 50, 50, 100, 200, 400])
    .withServerTimeout(options.serverTimeoutMs ?? 1500)
    .withKeepAliveInterval(500)
    .configureLogging(LogLevel.None)
    .build();
}

/**
 * Resolves with the next call of `target` on the connection. The limit only bounds a failure (a
 * message that comes resolves at once), so it is generous: 5 s ran out on a machine slowed six-fold.
 */
export function nextMessage(connection: HubConnection, target: string, timeoutMs = 15_000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.off(target, handler);
      reject(new Error(`no ${target} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (...args: unknown[]) => {
      clearTimeout(timer);
      connection.off(target, handler);
      resolve(args);
    };
    connection.on(target, handler);
  });
}

/** A raw WebSocket that records every text record it receives and when it closed. */
export interface RawClient {
  ws: WebSocket;
  records: unknown[];
  closed: Promise<{ code: number }>;
  /** Waits until a record matching `predicate` has arrived. */
  waitFor(
    predicate: (record: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
}

/**
 * How a raw socket connects: its token in the URL, its headers, another hub's path, the
 * loopback address it comes from (any 127.x.y.z on Linux) to stand for another machine.
 */
export interface RawOptions {
  token?: string;
  headers?: Record<string, string>;
  path?: string;
  localAddress?: string;
}

export async function rawClient(url: string, options: RawOptions = {}): Promise<RawClient> {
  const wsUrl = new URL(options.path ?? '/hubs/notifications', url.replace(/^http/, 'ws'));
  if (options.token) wsUrl.searchParams.set('access_token', options.token);
  const ws = new WebSocket(wsUrl, { headers: options.headers, localAddress: options.localAddress });
  const records: unknown[] = [];
  const listeners = new Set<() => void>();
  ws.on('message', (data) => {
    for (const part of data.toString().split(RS)) if (part) records.push(JSON.parse(part));
    for (const l of listeners) l();
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    records,
    closed,
    waitFor(predicate, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = records.find((r) => predicate(r as Record<string, unknown>));
          if (!found) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found as Record<string, unknown>);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching record; got ${JSON.stringify(records)}`));
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
  };
}

/** A raw client past the handshake. */
export async function handshaken(url: string, token: string, options: RawOptions = {}): Promise<RawClient> {
  const client = await rawClient(url, { ...options, token });
  client.ws.send(HANDSHAKE);
  await client.waitFor((r) => Object.keys(r).length === 0);
  return client;
}

/** A test app listening on loopback with some hub settings changed, and user@demo.test signed in. */
export interface ListeningHub {
  t: TestApp;
  url: string;
  token: string;
  userId: string;
}

export async function listeningHub(hub: Partial<Config['hub']>): Promise<ListeningHub> {
  const t = await createTestApp({ hub: { ...loadConfig({}).hub, ...hub } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const session = await t.login('user@demo.test');
  return { t, url: baseUrl(t.app), token: session.access, userId: session.res.json().result.id };
}

/** The raw sockets a test file opens, terminated after it (terminateAll in its afterAll). */
export class RawSockets {
  private readonly open: RawClient[] = [];

  private kept(client: RawClient) {
    this.open.push(client);
    return client;
  }

  /** A socket that has not sent its handshake. */
  async raw(url: string, options?: RawOptions) {
    return this.kept(await rawClient(url, options));
  }

  /** A socket past the handshake as the token's user. */
  async ready(url: string, token: string, options?: RawOptions) {
    return this.kept(await handshaken(url, token, options));
  }

  terminateAll() {
    for (const s of this.open) s.ws.terminate();
  }
}
