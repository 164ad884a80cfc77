/**
 * The SignalR JSON hub protocol as the official client speaks it (see
 * shared/design/realtime-protocol.md): JSON records ended by the record separator, sent in
 * text frames, a handshake first, then typed messages.
 */

export const RECORD_SEPARATOR = '\x1e';

/** Largest message (and largest unfinished tail) accepted from a client. */
export const MAX_MESSAGE_BYTES = 32 * 1024;

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** One message as written to the wire, separator included. */
export function frame(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export const PING_FRAME = frame({ type: MessageType.Ping });
export const HANDSHAKE_OK_FRAME = frame({});

/** A server push: no invocationId, or the client would treat it as a call awaiting a result. */
export function invocationFrame(target: string, args: unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

export function completionErrorFrame(invocationId: string, error: string): string {
  return frame({ type: MessageType.Completion, invocationId, error });
}

export function closeFrame(options: { error?: string; allowReconnect?: boolean }): string {
  return frame({ type: MessageType.Close, ...options });
}

/**
 * Splits incoming text into complete records. The client batches sends, and a record may in
 * principle span frames, so an unfinished tail is kept for the next frame.
 */
export class RecordSplitter {
  private tail = '';

  /** The complete records in `text` (after what was left over), or null when the tail grows too large. */
  push(text: string): string[] | null {
    const parts = (this.tail + text).split(RECORD_SEPARATOR);
    this.tail = parts.pop() ?? '';
    if (Buffer.byteLength(this.tail) > MAX_MESSAGE_BYTES) return null;
    return parts;
  }
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

/** Checks the client's first record: `{"protocol":"json","version":1}` (version 2 is also fine). */
export function checkHandshake(record: string): HandshakeResult {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { ok: false, error: 'Handshake was not valid JSON.' };
  }
  if (!value || typeof value !== 'object') return { ok: false, error: 'Handshake must be a JSON object.' };
  const { protocol, version } = value as { protocol?: unknown; version?: unknown };
  if (protocol !== 'json') return { ok: false, error: `The protocol '${String(protocol)}' is not supported.` };
  if (version !== 1 && version !== 2) {
    return { ok: false, error: `The server does not support version ${String(version)} of the 'json' protocol.` };
  }
  return { ok: true };
}

/** A parsed client message; only the fields the server looks at. */
export interface ClientMessage {
  type: number;
  target?: unknown;
  invocationId?: unknown;
}

/** Parses one record; null when it is not a JSON object with a numeric type. */
export function parseMessage(record: string): ClientMessage | null {
  try {
    const value: unknown = JSON.parse(record);
    if (!value || typeof value !== 'object' || typeof (value as { type?: unknown }).type !== 'number') return null;
    return value as ClientMessage;
  } catch {
    return null;
  }
}
