/**
 * Storing an uploaded file of a kind (kinds.ts): its type is sniffed from the first bytes, the
 * rest streams to storage under a fresh random key (not guessable, never the client's file
 * name), and going over the kind's size limit stops the upload with nothing stored. Failures are
 * 400s naming the form field, with the kind's messages (an empty file: the one shared fileEmpty).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { contentTypeOf } from './keys';
import { FILE_KINDS, SNIFF_BYTES, sniffType, type FileKind, type FileKindName } from './kinds';
import { FileTooLargeError, type FileStorage } from './storage';

export interface StoredUpload {
  key: string;
  size: number;
  contentType: string;
}

/**
 * The first `bytes` bytes of a stream (fewer if it is shorter), and a stream of all of it (those
 * bytes included) to pass on. Only the chunks needed for the head are held, never the rest.
 */
export async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const it: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    first.push(next.value);
    length += next.value.length;
  }
  async function* all() {
    try {
      // The chunks already read go on as they are: a chunk may be the whole upload.
      yield* first;
      if (ended) return;
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Stopped early (size limit, error): let go of the source too.
      await it.return?.();
    }
  }
  // Only the head's bytes are copied.
  const head = Buffer.concat(first, Math.min(bytes, length));
  return { head, body: Readable.from(all(), { objectMode: false }) };
}

/**
 * Stores `source` as a file of a kind: a named one of kinds.ts, or a kind of the caller's own
 * (a form's file field, whose types and size its builder chose).
 */
export async function storeUpload(
  storage: FileStorage,
  kindOf: FileKindName | FileKind,
  field: string,
  source: Readable,
): Promise<StoredUpload> {
  const kind: FileKind = typeof kindOf === 'string' ? FILE_KINDS[kindOf] : kindOf;
  const { head, body } = await peek(source, SNIFF_BYTES);
  // Nothing arrived (a 0-byte file): said as such, as the documents' upload does, not as a wrong
  // type, which would send a person looking for another kind of file.
  if (head.length === 0) {
    body.destroy();
    source.destroy();
    throw badRequest(MESSAGES.fileEmpty, { [field]: MESSAGES.fileEmpty });
  }
  const ext = sniffType(head);
  const contentType = ext ? contentTypeOf(`x.${ext}`) : null;
  if (!ext || !contentType || !(kind.accept as readonly string[]).includes(contentType)) {
    // Not read any further: stop the source too (the head's generator never started).
    body.destroy();
    source.destroy();
    throw badRequest(kind.wrongType, { [field]: kind.wrongType });
  }
  const key = `${kind.folder}/${randomBytes(16).toString('hex')}.${ext}`;
  try {
    const stored = await storage.put(key, body, { maxBytes: kind.maxBytes });
    return { key, size: stored.size, contentType };
  } catch (err) {
    if (err instanceof FileTooLargeError) throw badRequest(kind.tooLarge, { [field]: kind.tooLarge });
    throw err;
  }
}

/**
 * After refusing an upload part-way (too large, wrong type), read the rest of the request and
 * throw it away. Stopping reading instead would leave the client blocked mid-send until a server
 * timeout, and the connection stuck with it; closing the socket instead can make the client lose
 * the answer. This is what the multipart parser itself does past a file's size limit.
 */
export function discardUnreadBody(raw: IncomingMessage): void {
  if (raw.readableEnded) return;
  raw.unpipe();
  raw.resume();
}
