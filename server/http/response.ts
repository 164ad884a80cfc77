/**
 * Building blocks of response schemas (see serialization.ts for how they are applied). Every
 * route declares `response: { 200: ok(Thing) }` (or `okList`, `okEmpty`) plus the error bodies
 * it can answer, so `/docs` documents each body and nothing unlisted goes out.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { timestamp as wireTimestamp } from '../../src/domain/wire';

/** The contract's success envelope: `{ "result": … }`. */
export const ok = <T extends z.core.$ZodType>(result: T) => z.object({ result });

/** A list answer: `{ "result": [...] }` (paging travels in the `paging-data` header). */
export const okList = <T extends z.core.$ZodType>(item: T) => z.object({ result: z.array(item) });

/** A success with nothing to say: `{ "result": null }` or `{ "result": true }` and the like. */
export const okEmpty = z.object({ result: z.union([z.null(), z.boolean(), z.string()]).optional() });

/**
 * A point in time on the wire: the rule is written once, in src/domain/wire.ts (both sides read
 * it); this is the same schema as a classic zod type, for server code that chains methods.
 */
export const timestamp = z.union([z.date(), z.string()]).pipe(wireTimestamp);

/** The contract's error body: a message and per-field messages (field → text). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()),
});

/**
 * The error answers every signed-in route can give (invalid input, signed out, forbidden, not
 * found, too many requests), to spread into a route's `response`.
 */
export const errorResponses = {
  400: errorBody.describe('Invalid input: `errors` names each field'),
  401: errorBody.describe('Not signed in, or the session ended'),
  403: errorBody.describe('This role or business may not do this'),
  404: errorBody.describe('No such record (or it belongs to another business)'),
} as const;

/**
 * The body of a file answer: bytes (a Buffer or a stream) or text, sent as they are (Fastify
 * does not serialise a Buffer or a stream), so the schema only types the handler and describes
 * the document.
 */
const fileBody = z
  .custom<Buffer | NodeJS.ReadableStream | string>(() => true)
  .meta({ type: 'string', format: 'binary' });

/** For routes that answer a file (a PDF, a CSV…): its content type and what it is. */
export const fileResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: fileBody } },
});

/** `{ message }`: the answer of routes whose only news is a sentence the client shows. */
export const messageResult = z.object({ message: z.string() });

/** Error answers beyond the common ones, for the routes that can give them. */
export const conflictResponse = { 409: errorBody.describe('Conflicts with the current state') } as const;
export const tooManyResponse = {
  429: errorBody.describe('Too many attempts: wait for the `retry-after` header seconds'),
} as const;

/** True when A and B are the same type; with `assertTrue`, a build-time check that a schema matches its type. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const assertTrue = <T extends true>(): T | undefined => undefined;

/**
 * Sends a stored picture under a public, content-named address (a logo, a gallery image, an email
 * template's picture): never changes, so cached for a year; served with no scripts allowed.
 */
export function sendImmutableFile(
  reply: FastifyReply,
  file: { contentType: string; size: number; etag: string; body: unknown },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('etag', `"${file.etag}"`)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'")
    .send(file.body);
}

/**
 * How a download is named (RFC 6266): a plain `filename` for clients that read only that, and
 * `filename*` in UTF-8, which wins wherever it is understood (src/ui/download.ts reads it), so a
 * name like "Résumé (final).pdf" arrives whole.
 */
export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a file to save (an upload, a PDF, a CSV, an export): named by `contentDisposition`, not
 * cached unless `cache` says so, with no scripts allowed and no type sniffing, so an uploaded
 * file can never run as a page of this site (also when shown `inline`).
 */
export function sendDownload(
  reply: FastifyReply,
  file: { name: string; contentType: string; body: unknown; size?: number; inline?: boolean; cache?: string },
) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.name, file.inline ? 'inline' : 'attachment'))
    .header('cache-control', file.cache ?? 'private, no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply
    .header('content-security-policy', "default-src 'none'")
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
