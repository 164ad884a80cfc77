/**
 * The one way a route takes a multipart request (the product brief's "(multipart)" calls):
 * - `registerMultipart` sets the parser's limits for a plugin's routes;
 * - `readParts` reads every part, giving each wanted file part to the caller as it streams and
 *   returning the text parts, and turns the parser's refusals into a 400 naming the field;
 * - `uploadHooks` is the usual shape built on it: the file is stored before the route's schema
 *   runs (text parts become the body, so JSON and multipart pass the same checks), the handler
 *   takes it, and a request that ends without claiming it (refused, failed) removes it again —
 *   a refused upload leaves nothing stored.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { discardUnreadBody } from './upload';

type Limits = NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];

/**
 * Registers the multipart parser for a plugin's routes: `files` files of at most `maxBytes` and
 * `fields` text parts. When the file streams into storage (`storeUpload`, the default), the
 * parser lets one byte more through: that byte is the storage's cue to stop, store nothing and
 * answer with the kind's own message. A file read into memory is stopped by the parser itself.
 */
export async function registerMultipart(
  app: FastifyInstance,
  opts: { maxBytes: number; files?: number; fields?: number; sizeCheckedBy?: 'storage' | 'parser' },
) {
  const { maxBytes, files = 1, fields = 2, sizeCheckedBy = 'storage' } = opts;
  const fileSize = sizeCheckedBy === 'storage' ? maxBytes + 1 : maxBytes;
  await app.register(multipart, { limits: { fileSize, files, fields, parts: files + fields } });
}

export interface ReadPartsOptions {
  /** The file part names taken (the first part of each); any other file part is skipped. */
  files: readonly string[];
  /** The message for a file over the size limit, shown on the first of `files`. */
  tooLarge: string;
  /** The message for more file parts than the parser takes (default: the generic invalidInput). */
  tooMany?: string;
  /** Called once per taken file part, while it streams. */
  onFile(field: string, part: MultipartFile): Promise<void>;
  /** Refuse a file part under another name by that name, as an unknown JSON key is (default: skip it). */
  refuseOtherFiles?: boolean;
  /** Limits for this request, over the plugin's. */
  limits?: Limits;
}

/** @fastify/busboy's refusals of a malformed body (dicer and the multipart reader). */
const MALFORMED = /unexpected end of (multipart data|form)|malformed part header|boundary not found/i;

const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

/** Reads a multipart request's parts; returns its text parts by name. */
export async function readParts(request: FastifyRequest, opts: ReadPartsOptions): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const taken = new Set<string>();
  try {
    for await (const part of request.parts(opts.limits ? { limits: opts.limits } : undefined)) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (opts.files.includes(part.fieldname) && !taken.has(part.fieldname)) {
        taken.add(part.fieldname);
        await opts.onFile(part.fieldname, part);
      } else {
        part.file.resume();
        if (opts.refuseOtherFiles) throw badRequest(MESSAGES.invalidInput, { [part.fieldname]: MESSAGES.invalidValue });
      }
    }
  } catch (err) {
    // Refused part-way: the rest of the body is read and thrown away so the client gets the answer.
    discardUnreadBody(request.raw);
    const code = errorCode(err);
    const field = opts.files[0] ?? 'file';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(opts.tooLarge, { [field]: opts.tooLarge });
    if (opts.tooMany && (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT'))
      throw badRequest(opts.tooMany, { [field]: opts.tooMany });
    if (code?.startsWith('FST_')) throw badRequest(MESSAGES.invalidInput, { _: MESSAGES.invalidInput });
    // A body that ends before its parts do (cut off mid-file, a broken client): the client's
    // mistake, not a 500. The parser says so by message only; a file part read to its end first
    // says so as a stream closed early.
    if (
      code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      (code === undefined && err instanceof Error && MALFORMED.test(err.message))
    )
      throw badRequest(MESSAGES.invalidInput, { _: MESSAGES.invalidInput });
    throw err;
  }
  return fields;
}

export interface UploadHooksOptions<T> extends Omit<ReadPartsOptions, 'onFile'> {
  /** Keeps one file part (stores it, or reads it into memory) and says what was kept. */
  save(field: string, part: MultipartFile): Promise<T>;
  /** Removes what `save` kept; errors are logged, never thrown (the answer is already decided). */
  drop?(saved: T): Promise<unknown>;
  /** Text parts as the body's values (default: as sent); the body is left alone when false. */
  body?: false | ((name: string, text: string) => unknown);
}

/** The preValidation / onError / onResponse hooks of an upload route and the handler's access to what it stored. */
export function uploadHooks<T>(app: FastifyInstance, opts: UploadHooksOptions<T>) {
  const unclaimed = new WeakMap<FastifyRequest, Map<string, T>>();

  async function dropUnclaimed(request: FastifyRequest) {
    const left = unclaimed.get(request);
    unclaimed.delete(request);
    for (const saved of left?.values() ?? [])
      await opts.drop?.(saved).catch((err: unknown) => app.log.warn({ err }, 'could not drop an upload'));
  }

  async function readBody(request: FastifyRequest) {
    if (!request.isMultipart()) return;
    const stored = new Map<string, T>();
    unclaimed.set(request, stored);
    const fields = await readParts(request, {
      ...opts,
      onFile: async (field, part) => void stored.set(field, await opts.save(field, part)),
    });
    if (opts.body === false) return;
    const read = opts.body;
    request.body = read ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, read(k, v)])) : fields;
  }

  return {
    /** Route options: read the multipart body before validation; drop what was not claimed. */
    hooks: { preValidation: readBody, onError: dropUnclaimed, onResponse: dropUnclaimed },
    /** What the request stored under `field` (default: the first file field). */
    file(request: FastifyRequest, field = opts.files[0]!): T | undefined {
      return unclaimed.get(request)?.get(field);
    },
    /** Everything the request stored, by field. */
    files(request: FastifyRequest): ReadonlyMap<string, T> {
      return unclaimed.get(request) ?? new Map();
    },
    /** A record holds the request's files now: keep them. */
    claim(request: FastifyRequest) {
      unclaimed.delete(request);
    },
  };
}
