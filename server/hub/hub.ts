/**
 * The real hub: the WebSocket endpoint, the connection registry, liveness pings and the
 * backplane, behind the same `Hub` contract modules already use.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { decodeJwt } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../context';
import type { Hub, HubEvent } from './types';
import type { Backplane } from './backplane';
import { EventRouter } from './local-hub';
import { HubConnection } from './connection';
import { ConnectionRegistry } from './registry';
import { MAX_MESSAGE_BYTES } from './protocol';
import { TokenBucket } from './rate';
import { clientAddress, isHubPath, originAllowed, refuseUpgrade, upgradeToken } from './upgrade';

export interface HubOptions {
  log: FastifyBaseLogger;
  backplane: Backplane;
  /** Resolves an access token to a live session (auth/access.ts `authenticate`). */
  authenticate(token: string): Promise<AuthContext | null>;
  /** The clock tokens are signed with, to time their expiry. */
  now(): number;
  allowedOrigins: readonly string[];
  /** Send a ping when nothing was sent for this long (the client gives up after 30 s of silence). */
  keepAliveMs: number;
  /** Drop a client heard nothing from for this long (it pings every 15 s). */
  clientTimeoutMs: number;
  /**
   * Sockets without a valid token held at once (config `hub.maxAnonymous`); more are refused
   * at their handshake, so a flood of them never reaches signed-in users' sockets.
   */
  maxAnonymous: number;
  /**
   * Of those, the most from one address (config `hub.maxAnonymousPerAddress`; IPv6 by its /64),
   * so one machine cannot take the whole `maxAnonymous` and lock everyone else's out.
   */
  maxAnonymousPerAddress: number;
  /** Behind a trusted proxy the client's address is read from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: boolean;
  /** Messages a connection may send at once (pings are free), and how many it earns back a second. */
  messageBurst: number;
  messagesPerSecond: number;
}

export interface RealHub extends Hub {
  /** Serves the hub on the server's 'upgrade' event. */
  attach(server: Server): void;
  /** Connects the backplane; call once before serving. */
  start(): Promise<void>;
  /** Drops every socket without a Close message, as a crash would (clients reconnect). */
  dropAll(): void;
  /**
   * The user's access may have changed (a session revoked, the account deactivated, another
   * role or business; null: anyone's): their open connections' tokens are checked again.
   */
  recheck(userId: string | null): void;
}

/** How long hub.close() lets clients answer the close handshake before cutting them off. */
const CLOSE_GRACE_MS = 1000;

/**
 * Open sockets one user may hold (a tab each, on a few devices, plus sockets of a dropped
 * network the server has not noticed yet). One more ends the oldest, which is the likeliest
 * to be such a dead one.
 */
export const MAX_CONNECTIONS_PER_USER = 20;

const TOO_MANY = 'Too many connections for this account.';

/** The handshake answer of a socket without a valid token while `maxAnonymous` are open. */
export const TOO_MANY_ANONYMOUS = 'Too many connections without sign-in; try again later.';

/**
 * How long a refused socket may take to send its handshake (the clients send it on open):
 * refused sockets are not counted, so they must not stay long.
 */
const REFUSED_HANDSHAKE_MS = 2000;

/** Longest an event's audience may take to work out before the event is skipped. */
const RESOLVE_TIMEOUT_MS = 10_000;
const HANDSHAKE_TIMEOUT = 'The handshake was not completed in time.';

export function createHub(options: HubOptions): RealHub {
  const { log, backplane } = options;
  const router = new EventRouter();
  const registry = new ConnectionRegistry();
  /** Every open socket, handshake done or not, for liveness and shutdown. */
  const open = new Set<HubConnection>();
  /** The signed-in ones by user, oldest first, for the per-user limit and rechecks. */
  const openByUser = new Map<string, Set<HubConnection>>();
  /**
   * The admitted sockets without a valid token, handshake done or not, until they close, with
   * the address each is counted under, and how many each address holds.
   */
  const anonymous = new Map<HubConnection, string>();
  const anonymousByAddress = new Map<string, number>();
  /** Set from the first socket refused for `maxAnonymous` until one is admitted again, for the log. */
  let refusingAnonymous = false;
  /** The addresses refused for `maxAnonymousPerAddress` since their last socket admitted, for the log. */
  const refusingAddresses = new Set<string>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  let sweepTimer: NodeJS.Timeout | null = null;
  let closing = false;
  /** Counts rechecks, so a connection authenticated while one ran is checked again. */
  let rechecks = 0;
  /** The last delivery in line: events are delivered in the order they arrived (see receive). */
  let lastDelivery: Promise<void> = Promise.resolve();

  const hooks = {
    log,
    ready: (c: HubConnection) => registry.add(c),
    closed: (c: HubConnection) => {
      open.delete(c);
      release(c);
      forget(c);
      registry.remove(c);
    },
  };

  /** Counts a socket without a valid token, or says which limit refuses it. */
  function admitAnonymous(c: HubConnection, address: string): 'ok' | 'all' | 'address' {
    if (anonymous.size >= options.maxAnonymous) return 'all';
    const held = anonymousByAddress.get(address) ?? 0;
    if (held >= options.maxAnonymousPerAddress) return 'address';
    anonymous.set(c, address);
    anonymousByAddress.set(address, held + 1);
    return 'ok';
  }

  function release(c: HubConnection) {
    const address = anonymous.get(c);
    if (address === undefined) return;
    anonymous.delete(c);
    const held = (anonymousByAddress.get(address) ?? 1) - 1;
    if (held > 0) anonymousByAddress.set(address, held);
    else {
      anonymousByAddress.delete(address);
      refusingAddresses.delete(address);
    }
  }

  function forget(c: HubConnection) {
    if (!c.auth) return;
    const own = openByUser.get(c.auth.userId);
    own?.delete(c);
    if (own?.size === 0) openByUser.delete(c.auth.userId);
  }

  /** Counts a new signed-in socket against its user's limit, ending the oldest beyond it. */
  function admit(c: HubConnection) {
    if (!c.auth) return;
    let own = openByUser.get(c.auth.userId);
    if (!own) openByUser.set(c.auth.userId, (own = new Set()));
    own.add(c);
    while (own.size > MAX_CONNECTIONS_PER_USER) {
      const oldest = own.values().next().value!;
      own.delete(oldest);
      log.warn(
        { connection: oldest.id, userId: c.auth.userId },
        'hub user over the connection limit; ending the oldest',
      );
      oldest.end({ error: TOO_MANY });
    }
  }

  /** Ends a connection whose token no longer stands for what it did when it opened. */
  async function recheckConnection(c: HubConnection) {
    const before = c.auth;
    if (!before || !c.token) return;
    let after: AuthContext | null;
    try {
      after = await options.authenticate(c.token);
    } catch (err) {
      log.warn({ err, connection: c.id }, 'hub could not check a token again');
      return;
    }
    if (!after) {
      // An expired token is asked back with a fresh one, as its expiry timer would; any other
      // refusal (session revoked, account deactivated) ends the connection for good.
      const expired = expiresInMs(c.token, options.now()) <= 0;
      c.end(expired ? { allowReconnect: true } : { error: 'Unauthorized' });
    } else if (after.role !== before.role || after.businessId !== before.businessId) {
      // Who may hear what is decided from the connection's role and business: it comes back
      // with the new ones, and the client re-reads the user and its pages on reconnect.
      c.end({ allowReconnect: true });
    }
  }

  function recheck(userId: string | null) {
    rechecks += 1;
    const targets = userId === null ? [...open] : [...(openByUser.get(userId) ?? [])];
    for (const c of targets) void recheckConnection(c);
  }

  /**
   * The backplane was cut and is back: what was published meanwhile never reached this
   * process's connections, so each is asked to reconnect, which makes the client re-read.
   */
  function resumed() {
    log.warn({ connections: registry.size }, 'hub backplane is back; asking clients to reconnect and re-read');
    for (const c of open) if (c.isReady) c.end({ allowReconnect: true });
  }

  /**
   * Events are resolved at once, side by side, but delivered in the order they arrived: the
   * PostgreSQL listener hands them over without waiting, and an event whose audience takes
   * longer to read (a query) must not reach clients after the one published after it (a
   * record created, then deleted). An event that fails, or takes longer than
   * RESOLVE_TIMEOUT_MS, is skipped rather than holding the line.
   */
  function receive(event: HubEvent): Promise<void> {
    const resolved = withDeadline(router.resolve(event), RESOLVE_TIMEOUT_MS).catch((err: unknown) => {
      log.error({ err, kind: event.kind }, 'hub could not resolve an event');
      return [];
    });
    const turn = lastDelivery.then(async () => registry.deliver(await resolved));
    lastDelivery = turn.catch((err: unknown) => log.error({ err, kind: event.kind }, 'hub could not deliver an event'));
    return lastDelivery;
  }

  /** One timer for all connections: ping the quiet ones, drop the silent ones. */
  function sweep() {
    const now = Date.now();
    for (const c of open) {
      // A client that sends a byte now and then but never finishes its handshake would
      // otherwise hold the socket for good, signed in or not.
      if (!c.isHandshaken && now - c.openedAt >= options.clientTimeoutMs) c.end({ error: HANDSHAKE_TIMEOUT });
      else if (now - c.lastReceived >= options.clientTimeoutMs) c.terminate();
      else if (now - c.lastSent >= options.keepAliveMs) c.ping();
    }
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (!isHubPath(req.url)) return refuseUpgrade(socket, 404, 'Not Found');
    if (!originAllowed(req, options.allowedOrigins)) return refuseUpgrade(socket, 403, 'Forbidden');
    // The socket may error while the token is checked; without a listener that would throw.
    socket.on('error', () => undefined);
    const token = upgradeToken(req);
    const rechecksBefore = rechecks;
    let auth: AuthContext | null = null;
    try {
      auth = token ? await options.authenticate(token) : null;
    } catch (err) {
      log.error({ err }, 'hub could not check a token');
    }
    if (closing) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const bucket = new TokenBucket(options.messageBurst, options.messagesPerSecond, options.now);
      const connection = new HubConnection(ws, auth, auth ? token : null, hooks, bucket);
      open.add(connection);
      if (!auth) {
        const address = clientAddress(req, options.trustProxy);
        const admitted = admitAnonymous(connection, address);
        if (admitted === 'all') {
          // Once per flood, not once per socket refused.
          if (!refusingAnonymous) log.warn({ anonymous: anonymous.size }, 'hub refusing sockets without a valid token');
          refusingAnonymous = true;
        } else if (admitted === 'address') {
          // Once per address reaching its limit, not once per socket refused.
          if (!refusingAddresses.has(address)) {
            log.warn(
              { address, anonymous: options.maxAnonymousPerAddress },
              'hub refusing sockets without a valid token from one address',
            );
          }
          refusingAddresses.add(address);
        } else {
          refusingAnonymous = false;
          refusingAddresses.delete(address);
        }
        if (admitted !== 'ok') {
          connection.refuse(TOO_MANY_ANONYMOUS, Math.min(REFUSED_HANDSHAKE_MS, options.clientTimeoutMs));
        }
      }
      admit(connection);
      if (auth && token) connection.expireAfter(expiresInMs(token, options.now()));
      // The user's access may have changed after the token was read and before the
      // connection could be found by that recheck.
      if (auth && rechecks !== rechecksBefore) void recheckConnection(connection);
    });
  }

  return {
    attach(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        onUpgrade(req, socket, head).catch((err) => {
          log.error({ err }, 'hub upgrade failed');
          socket.destroy();
        });
      });
    },
    async start() {
      await backplane.start(receive, resumed);
      const tick = Math.max(20, Math.min(options.keepAliveMs, options.clientTimeoutMs) / 5);
      sweepTimer = setInterval(sweep, tick);
      sweepTimer.unref();
    },
    publish: (event) => backplane.publish(event),
    onEvent: (kind, resolver) => router.onEvent(kind, resolver),
    connectionCount: () => registry.size,
    dropAll() {
      for (const c of open) c.terminate();
    },
    recheck,
    async close() {
      closing = true;
      if (sweepTimer) clearInterval(sweepTimer);
      // A close without a Close message: clients reconnect, to this server once it is back or to another.
      const pending = [...open];
      for (const c of pending) c.drop(1001);
      const deadline = Date.now() + CLOSE_GRACE_MS;
      while (open.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const c of open) c.terminate();
      wss.close();
      await backplane.close();
    },
  };
}

/** Milliseconds until the token's `exp` on the server's clock (the token is already verified). */
function expiresInMs(token: string, now: number): number {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp * 1000 - now : Number.POSITIVE_INFINITY;
}

/** The promise's outcome, or a rejection once `ms` have passed. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not resolved within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
