/**
 * One client on the hub: reads its handshake and messages, writes pushes, pings and Close
 * messages. A misbehaving client only ever affects its own socket.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket, RawData } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../context';
import {
  HANDSHAKE_OK_FRAME,
  MessageType,
  PING_FRAME,
  RecordSplitter,
  checkHandshake,
  closeFrame,
  completionErrorFrame,
  frame,
  parseMessage,
} from './protocol';
import type { TokenBucket } from './rate';

/** A client that does not read what it is sent is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * A ping exactly as both clients write it: free, and answered without parsing (a client pings
 * every 15 s whatever else it sends). Every other record spends a token of the connection's bucket.
 */
const PING_RECORD = '{"type":6}';

/**
 * What a client that spends its bucket is told. It ends the connection for good (no
 * allowReconnect): the app's client sends nothing but pings, so only a misbehaving client gets
 * here, and answering each excess call with a Completion would let it keep the server busy.
 */
export const TOO_MANY_MESSAGES = 'Too many messages.';

/**
 * How long a closed socket may take to answer the WebSocket close handshake before it is cut
 * off. ws waits 30 s for it, and until then the socket still counts against its user's or the
 * anonymous limits; a client that never answers would hold its place twice as long.
 */
export const CLOSE_WAIT_MS = 2000;

/** setTimeout's ceiling (about 24.8 days); longer delays would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ConnectionHooks {
  log: FastifyBaseLogger;
  /** The handshake succeeded: the connection may now receive pushes. */
  ready(connection: HubConnection): void;
  closed(connection: HubConnection): void;
}

export class HubConnection {
  readonly id = randomUUID();
  /** Wall-clock time (ms) the socket opened, for the handshake's deadline. */
  readonly openedAt = Date.now();
  /** Wall-clock times (ms) of the last frame in each direction, for pings and the silence timeout. */
  lastSent = Date.now();
  lastReceived = Date.now();
  private handshaken = false;
  private ending = false;
  private readonly splitter = new RecordSplitter();
  private expiryTimer: NodeJS.Timeout | null = null;
  /** Set when the hub refused the connection: its handshake is answered with this error. */
  private refusal: string | null = null;
  private refusalTimer: NodeJS.Timeout | null = null;
  private closeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ws: WebSocket,
    /** Null when the token was missing or invalid: the client is told so after the handshake. */
    readonly auth: AuthContext | null,
    /** The access token `auth` came from, checked again when the user's access changes. */
    readonly token: string | null,
    private readonly hooks: ConnectionHooks,
    /** The messages this client may send (pings are free). */
    private readonly bucket: TokenBucket,
  ) {
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    ws.on('close', () => this.onClosed());
    // ws reports protocol violations (oversize frames, bad UTF-8) here and then closes the socket.
    ws.on('error', (err) => hooks.log.debug({ err, connection: this.id }, 'hub socket error'));
  }

  get isReady(): boolean {
    return this.handshaken && !this.ending && this.auth !== null;
  }

  get isHandshaken(): boolean {
    return this.handshaken;
  }

  /** Asks the client to come back with a fresh token after `delayMs` (when its token expires). */
  expireAfter(delayMs: number) {
    this.expiryTimer = setTimeout(
      () => this.end({ allowReconnect: true }),
      Math.max(0, Math.min(delayMs, MAX_TIMER_MS)),
    );
  }

  /**
   * Refuses the connection in protocol: its handshake is answered with `error` and the socket
   * closed. The answer waits for the client's handshake, since the official client can fail
   * on a handshake error that reaches it before it has sent its own; a client that sends none
   * within `deadlineMs` is dropped.
   */
  refuse(error: string, deadlineMs: number) {
    this.refusal = error;
    this.refusalTimer = setTimeout(() => this.end({ error }), deadlineMs);
    this.refusalTimer.unref();
  }

  send(text: string) {
    if (this.ending || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.hooks.log.warn({ connection: this.id }, 'hub client is not reading; dropping it');
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
    this.lastSent = Date.now();
  }

  ping() {
    if (this.handshaken) this.send(PING_FRAME);
  }

  /** Ends with a Close message: an error ends the client for good, allowReconnect brings it back. */
  end(options: { error?: string; allowReconnect?: boolean }) {
    if (this.ending) return;
    if (this.handshaken) this.send(closeFrame(options));
    // Before the handshake the client only understands a handshake response.
    else this.send(frame({ error: options.error ?? 'Connection closed.' }));
    this.close(1000);
  }

  /** Drops the socket without a Close message, which makes the official client reconnect. */
  drop(code = 1001) {
    this.close(code);
  }

  /** Starts the WebSocket close handshake, and cuts the socket off if the client does not finish it. */
  private close(code: number) {
    this.ending = true;
    this.ws.close(code);
    if (this.closeTimer) return;
    this.closeTimer = setTimeout(() => this.ws.terminate(), CLOSE_WAIT_MS);
    this.closeTimer.unref();
  }

  terminate() {
    this.ending = true;
    this.ws.terminate();
  }

  private onFrame(data: RawData, isBinary: boolean) {
    this.lastReceived = Date.now();
    if (this.ending) return;
    if (isBinary) {
      this.end({ error: 'Binary frames are not supported: the json protocol uses text frames.' });
      return;
    }
    const records = this.splitter.push(data.toString());
    if (!records) {
      this.end({ error: 'Message too large.' });
      return;
    }
    for (const record of records) {
      if (this.ending) return;
      if (this.handshaken) this.onMessage(record);
      else this.onHandshake(record);
    }
  }

  private onHandshake(record: string) {
    const result = checkHandshake(record);
    if (!result.ok || this.refusal) {
      this.end({ error: result.ok ? this.refusal! : result.error });
      return;
    }
    this.send(HANDSHAKE_OK_FRAME);
    this.handshaken = true;
    // The official client retries a refused upgrade; a Close with an error after the handshake stops it.
    if (!this.auth) this.end({ error: 'Unauthorized' });
    else this.hooks.ready(this);
  }

  private onMessage(record: string) {
    if (record === PING_RECORD) return;
    if (!this.bucket.take()) {
      this.hooks.log.warn({ connection: this.id }, 'hub client sent too many messages; ending it');
      this.end({ error: TOO_MANY_MESSAGES });
      return;
    }
    const message = parseMessage(record);
    if (!message) {
      this.hooks.log.debug({ connection: this.id }, 'hub dropped a malformed message');
      return;
    }
    const invocationId = typeof message.invocationId === 'string' ? message.invocationId : null;
    switch (message.type) {
      case MessageType.Invocation:
        // No client-callable methods exist yet; a call expecting a result is told so.
        if (invocationId) {
          this.send(completionErrorFrame(invocationId, `Unknown hub method '${String(message.target)}'.`));
        }
        return;
      case MessageType.StreamInvocation:
        if (invocationId) this.send(completionErrorFrame(invocationId, 'Streaming is not supported.'));
        return;
      case MessageType.Close:
        this.close(1000);
        return;
      default:
        // Pings only refresh lastReceived; stream items, completions, cancels, acks and
        // sequence messages have nothing to act on; unknown types are ignored.
        return;
    }
  }

  private onClosed() {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    if (this.refusalTimer) clearTimeout(this.refusalTimer);
    if (this.closeTimer) clearTimeout(this.closeTimer);
    this.ending = true;
    this.hooks.closed(this);
  }
}
