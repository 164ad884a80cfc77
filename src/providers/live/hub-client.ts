/**
 * The live channel's own client for the hub's SignalR JSON protocol over WebSocket (the facts it
 * follows are in shared/design/realtime-protocol.md and docs/architecture.md, "The live
 * channel's client"). It does what the app used of @microsoft/signalr — handshake, pushes by
 * target (case-insensitive), fire-and-forget and awaited calls, keep-alive pings, the 30 s
 * server timeout, a Close message that ends for good or asks for a reconnect, and automatic
 * reconnection with a fresh token after a connection is lost — in ~2 KB gzip instead of 13 KB on
 * every signed-in first load. The official client stays the reference: the hub's API tests speak
 * to the server with it. One difference a caller may see: the hub refuses a bad token with a
 * Close message right after the handshake, which reaches this client as onclose's error when
 * start() has already resolved (the official client's start() rejects); the live manager treats
 * both alike.
 */

const RS = '\x1e';
const INVOCATION = 1;
const COMPLETION = 3;
const PING = 6;
const CLOSE = 7;

/** The official client's defaults, so the server's timing (pings every 15 s, 30 s silence) fits. */
const DEFAULT_RECONNECT_DELAYS = [0, 2000, 10000, 30000];
const SERVER_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_MS = 15_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;

/** The part of the WebSocket API the client uses (the browser's, or `ws` in Node tests). */
type SocketLike = Pick<WebSocket, 'onopen' | 'onmessage' | 'onclose' | 'onerror' | 'send' | 'close'>;
type SocketConstructor = new (url: string) => SocketLike;

export interface HubClientOptions {
  /** The hub's URL (http(s), ws(s) or relative to the page). */
  url: string;
  /** The bare access token, asked again on every (re)connect so a renewed token is used. */
  accessTokenFactory: () => string;
  reconnectDelays?: readonly number[];
  serverTimeoutMs?: number;
  keepAliveMs?: number;
  handshakeTimeoutMs?: number;
  WebSocket?: SocketConstructor;
}

export type HubState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

interface Message {
  type?: number;
  target?: string;
  arguments?: unknown[];
  invocationId?: string;
  result?: unknown;
  error?: string;
  allowReconnect?: boolean;
}

const frame = (message: object) => JSON.stringify(message) + RS;

/** ws(s) URL of the hub with the token as `access_token` (browsers cannot set headers on a WebSocket). */
function socketUrl(url: string, token: string): string {
  const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  const target = new URL(url, base);
  target.protocol = target.protocol.replace(/^http/, 'ws');
  if (token) target.searchParams.set('access_token', token);
  return target.toString();
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createHubClient(options: HubClientOptions) {
  const Socket: SocketConstructor = options.WebSocket ?? globalThis.WebSocket;
  const reconnectDelays = options.reconnectDelays ?? DEFAULT_RECONNECT_DELAYS;
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const closeCallbacks: ((error?: Error) => void)[] = [];
  const reconnectedCallbacks: ((connectionId?: string) => void)[] = [];
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let state: HubState = 'disconnected';
  let socket: SocketLike | null = null;
  let tail = '';
  let nextInvocationId = 0;
  let serverTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set by a Close message without allowReconnect: the connection ends for good. */
  let closeError: Error | undefined;
  let endedForGood = false;

  const clearTimers = () => {
    clearTimeout(serverTimer);
    clearTimeout(pingTimer);
  };

  const armServerTimeout = () => {
    clearTimeout(serverTimer);
    serverTimer = setTimeout(() => {
      // Nothing heard for too long: drop the socket; its close starts the reconnection.
      socket?.close(4000);
    }, options.serverTimeoutMs ?? SERVER_TIMEOUT_MS);
  };

  const write = (text: string) => {
    socket?.send(text);
    clearTimeout(pingTimer);
    pingTimer = setTimeout(() => {
      if (state === 'connected') write(frame({ type: PING }));
    }, options.keepAliveMs ?? KEEP_ALIVE_MS);
  };

  const failPending = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  const onMessage = (message: Message) => {
    switch (message.type) {
      case INVOCATION:
        for (const handler of handlers.get(String(message.target).toLowerCase()) ?? []) {
          handler(...(message.arguments ?? []));
        }
        return;
      case COMPLETION: {
        const call = pending.get(String(message.invocationId));
        pending.delete(String(message.invocationId));
        if (message.error) call?.reject(new Error(message.error));
        else call?.resolve(message.result);
        return;
      }
      case CLOSE:
        if (!message.allowReconnect) {
          endedForGood = true;
          closeError = message.error ? new Error(`Server returned an error on close: ${message.error}`) : undefined;
        }
        socket?.close(1000);
        return;
      default:
        // Pings only keep the connection alive; other types carry nothing the app uses.
        return;
    }
  };

  /** One socket: resolves when the server accepts the handshake, rejects when it does not. */
  const connect = () =>
    new Promise<void>((resolve, reject) => {
      let handshaken = false;
      tail = '';
      const ws = new Socket(socketUrl(options.url, options.accessTokenFactory()));
      socket = ws;
      const handshakeTimer = setTimeout(() => {
        reject(new Error('The hub did not answer the handshake in time.'));
        ws.close(4000);
      }, options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS);
      ws.onopen = () => ws.send(frame({ protocol: 'json', version: 1 }));
      ws.onerror = () => {};
      ws.onmessage = (event) => {
        armServerTimeout();
        const records = (tail + String(event.data)).split(RS);
        tail = records.pop() ?? '';
        for (const record of records) {
          if (socket !== ws) return;
          let message: Message;
          try {
            message = JSON.parse(record) as Message;
          } catch {
            continue;
          }
          if (handshaken) {
            onMessage(message);
            continue;
          }
          clearTimeout(handshakeTimer);
          if (message.error) {
            reject(new Error(message.error));
            ws.close(1000);
            return;
          }
          handshaken = true;
          state = 'connected';
          write(frame({ type: PING }));
          resolve();
        }
      };
      ws.onclose = () => {
        clearTimeout(handshakeTimer);
        // Before the handshake the start fails (also when stop() closed it); settling twice is a no-op.
        if (!handshaken) reject(new Error('The hub connection closed before its handshake.'));
        if (socket !== ws) return;
        socket = null;
        clearTimers();
        if (!handshaken) return;
        failPending(new Error('The hub connection was lost.'));
        if (state === 'connected') void lost();
      };
    });

  const finish = (error?: Error) => {
    state = 'disconnected';
    for (const callback of closeCallbacks) callback(error);
  };

  /** A connected socket closed: end for good, or reconnect through the delays, then give up. */
  const lost = async () => {
    if (endedForGood) {
      finish(closeError);
      return;
    }
    state = 'reconnecting';
    let lastError: Error | undefined;
    for (const delay of reconnectDelays) {
      await wait(delay);
      if (state !== 'reconnecting') return;
      try {
        await connect();
        for (const callback of reconnectedCallbacks) callback();
        return;
      } catch (error) {
        lastError = error as Error;
        if (endedForGood) break;
      }
    }
    if (state === 'reconnecting') finish(endedForGood ? closeError : lastError);
  };

  return {
    get state(): HubState {
      return state;
    },
    on(target: string, handler: (...args: unknown[]) => void) {
      const key = target.toLowerCase();
      handlers.set(key, [...(handlers.get(key) ?? []), handler]);
    },
    onclose(callback: (error?: Error) => void) {
      closeCallbacks.push(callback);
    },
    onreconnected(callback: (connectionId?: string) => void) {
      reconnectedCallbacks.push(callback);
    },
    async start() {
      if (state !== 'disconnected') throw new Error(`Cannot start a hub connection that is ${state}.`);
      state = 'connecting';
      endedForGood = false;
      closeError = undefined;
      try {
        await connect();
      } catch (error) {
        state = 'disconnected';
        throw error;
      }
    },
    async stop() {
      if (state === 'disconnected') return;
      const ws = socket;
      socket = null;
      clearTimers();
      failPending(new Error('The hub connection was stopped.'));
      ws?.close(1000);
      finish();
    },
    /** A call the server does not answer (no invocation id). */
    async send(target: string, ...args: unknown[]) {
      if (state !== 'connected') throw new Error('The hub connection is not connected.');
      write(frame({ type: INVOCATION, target, arguments: args }));
    },
    /** A call the server answers with a Completion. */
    invoke(target: string, ...args: unknown[]): Promise<unknown> {
      if (state !== 'connected') return Promise.reject(new Error('The hub connection is not connected.'));
      const invocationId = String(nextInvocationId++);
      return new Promise((resolve, reject) => {
        pending.set(invocationId, { resolve, reject });
        write(frame({ type: INVOCATION, target, arguments: args, invocationId }));
      });
    },
  };
}

export type HubClient = ReturnType<typeof createHubClient>;
