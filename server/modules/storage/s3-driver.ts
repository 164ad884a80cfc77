/**
 * Files in a bucket of any S3-compatible store (AWS S3, MinIO, Ceph, Cloudflare R2), spoken to
 * with path-style URLs (`<endpoint>/<bucket>/<key>`, which all of them accept) and signed with
 * SigV4 (s3-signer.ts). Five calls: PUT, GET, HEAD and DELETE object, and ListObjectsV2.
 *
 * Why an upload is spooled to a temp file and then sent as one PUT, rather than streamed as an
 * S3 multipart upload: a PUT needs its length up front and a request stream does not know it.
 * Spooling keeps memory flat like multipart would (multipart needs 5 MB buffers per part), and
 * in exchange: the size limit is decided before the store sees a byte (an oversized upload never
 * leaves half an object or an unfinished multipart upload to abort and bill); the body is signed
 * with its real SHA-256, so the store checks it arrived intact; the common small file (a profile
 * picture) is one request, not three; and a failed send can be retried from the file. The cost
 * is a temporary file the size of the upload in the OS temp folder, bounded by the kind's limit.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byte-limit';
import { assertValidKey, assertValidPrefix, contentTypeOf, isValidKey } from './keys';
import { EMPTY_SHA256, signRequest, uriEncode, canonicalQuery, type S3Credentials } from './s3-signer';
import {
  StorageError,
  type FileInfo,
  type FileStorage,
  type GetOptions,
  type ListedFile,
  type PutOptions,
} from './storage';

export interface S3Options extends S3Credentials {
  /** e.g. https://s3.us-east-1.amazonaws.com, http://127.0.0.1:9000 (MinIO), https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  /** Where uploads are spooled before they are sent (default: the OS temp folder). */
  spoolDir?: string;
  /** Idle time after which a call to the store is given up (default 30 s). */
  timeoutMs?: number;
  /** Tries per call when the store is unreachable or answers 5xx (default 3). */
  attempts?: number;
  /** Clock for the signature date (the store refuses a date more than 15 minutes off). */
  now?: () => number;
}

interface Call {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  key: string | null;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  payloadHash?: string;
  /** Opens the body afresh for each try. */
  body?: () => Readable;
}

const RETRY_DELAYS_MS = [100, 400, 1000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads a small error body (S3 answers errors as XML) and keeps at most 16 KB of it. */
async function readSmall(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) {
    if (text.length < 16_384) text += String(chunk);
  }
  return text.slice(0, 16_384);
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function xmlText(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return XML_ENTITIES[e.toLowerCase()] ?? '';
  });
}
const tag = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? xmlText(m[1]!) : null;
};

const stripQuotes = (etag: string | undefined) => (etag ?? '').replace(/^(W\/)?"|"$/g, '');

export function s3Storage(options: S3Options): FileStorage {
  const endpoint = new URL(options.endpoint);
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got ${endpoint.protocol}`);
  }
  const send = endpoint.protocol === 'https:' ? httpsRequest : httpRequest;
  const hostname = endpoint.hostname.replace(/^\[|\]$/g, '');
  const basePath = endpoint.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => uriEncode(decodeURIComponent(s)))
    .join('/');
  const bucketPath = `${basePath ? `/${basePath}` : ''}/${uriEncode(options.bucket)}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const attempts = Math.max(1, options.attempts ?? 3);
  const now = options.now ?? Date.now;
  const spoolDir = options.spoolDir ?? tmpdir();

  const pathOf = (key: string | null) => (key === null ? bucketPath : `${bucketPath}/${key}`);

  function once(call: Call): Promise<IncomingMessage> {
    const path = pathOf(call.key);
    const query = canonicalQuery(call.query);
    const payloadHash = call.payloadHash ?? EMPTY_SHA256;
    const signed = signRequest(
      {
        method: call.method,
        path,
        query: call.query,
        headers: call.headers,
        host: endpoint.host,
        payloadHash,
        date: new Date(now()),
      },
      options,
    );
    const headers: OutgoingHttpHeaders = { ...signed };
    return new Promise((resolve, reject) => {
      const body = call.body?.();
      const req = send({
        protocol: endpoint.protocol,
        hostname,
        port: endpoint.port || undefined,
        method: call.method,
        path: query ? `${path}?${query}` : path,
        headers,
        timeout: timeoutMs,
      });
      req.on('response', (res) => {
        // The answer is here: a slow reader of a download must not trip the idle timeout.
        req.setTimeout(0);
        body?.destroy();
        resolve(res);
      });
      req.on('timeout', () => req.destroy(new StorageError(`S3 ${call.method} timed out after ${timeoutMs} ms`)));
      req.on('error', (err) => {
        body?.destroy();
        reject(err);
      });
      if (body) {
        body.on('error', (err) => req.destroy(err));
        body.pipe(req);
      } else {
        req.end();
      }
    });
  }

  /** One call, retried from scratch while the store is unreachable or answers 5xx. */
  async function call(c: Call): Promise<IncomingMessage> {
    for (let attempt = 1; ; attempt++) {
      let res: IncomingMessage;
      try {
        res = await once(c);
      } catch (err) {
        if (attempt >= attempts)
          throw err instanceof StorageError
            ? err
            : new StorageError(`S3 ${c.method} failed: ${(err as Error).message}`);
        await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 1000);
        continue;
      }
      const status = res.statusCode ?? 0;
      if (status >= 500 && attempt < attempts) {
        res.resume();
        await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 1000);
        continue;
      }
      return res;
    }
  }

  async function failure(c: Call, res: IncomingMessage): Promise<StorageError> {
    const xml = c.method === 'HEAD' ? '' : await readSmall(res).catch(() => '');
    const code = tag(xml, 'Code') ?? undefined;
    const message = tag(xml, 'Message') ?? res.statusMessage ?? '';
    const where = c.key ?? `bucket ${options.bucket}`;
    return new StorageError(
      `S3 ${c.method} ${where}: ${res.statusCode} ${code ?? ''} ${message}`.trim(),
      res.statusCode,
      code,
    );
  }

  function infoOf(key: string, res: IncomingMessage): FileInfo {
    const lastModified = res.headers['last-modified'] ? new Date(res.headers['last-modified']) : new Date(0);
    return {
      size: Number(res.headers['content-length'] ?? 0),
      etag: stripQuotes(res.headers.etag),
      contentType: contentTypeOf(key),
      lastModified,
    };
  }

  async function listPage(prefix: string, token: string | null) {
    const query: Record<string, string> = { 'list-type': '2', prefix };
    if (token) query['continuation-token'] = token;
    const c: Call = { method: 'GET', key: null, query };
    const res = await call(c);
    if (res.statusCode !== 200) throw await failure(c, res);
    const xml = await readAll(res);
    const files: ListedFile[] = [];
    for (const [, block] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = tag(block!, 'Key');
      if (key === null || !isValidKey(key)) continue;
      files.push({
        key,
        size: Number(tag(block!, 'Size') ?? 0),
        lastModified: new Date(tag(block!, 'LastModified') ?? 0),
      });
    }
    const truncated = tag(xml, 'IsTruncated') === 'true';
    return { files, next: truncated ? tag(xml, 'NextContinuationToken') : null };
  }

  return {
    driver: 's3',

    async put(key: string, body: Readable, { maxBytes }: PutOptions) {
      assertValidKey(key);
      const spool = join(spoolDir, `bo-s3-put-${randomBytes(12).toString('hex')}`);
      const file = createWriteStream(spool, { flags: 'wx', mode: 0o600 });
      // The file opens asynchronously: when the source fails first, removing the spool before
      // the stream has closed could run before the file exists and leave it behind.
      const closed = new Promise<void>((resolve) => file.once('close', () => resolve()));
      try {
        const limit = new ByteLimit(maxBytes);
        const sha256 = createHash('sha256');
        const tap = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            sha256.update(chunk);
            done(null, chunk);
          },
        });
        await pipeline(body, limit, tap, file);
        const c: Call = {
          method: 'PUT',
          key,
          headers: { 'content-type': contentTypeOf(key), 'content-length': String(limit.bytes) },
          payloadHash: sha256.digest('hex'),
          body: () => createReadStream(spool),
        };
        const res = await call(c);
        if (res.statusCode !== 200) throw await failure(c, res);
        res.resume();
        return { size: limit.bytes, etag: stripQuotes(res.headers.etag) };
      } finally {
        file.destroy();
        await closed;
        await unlink(spool).catch(() => undefined);
      }
    },

    async get(key: string, { firstBytes }: GetOptions = {}) {
      assertValidKey(key);
      if (firstBytes !== undefined && firstBytes <= 0) {
        const info = await this.head(key);
        return info && { ...info, body: Readable.from([]), length: 0 };
      }
      const ranged = firstBytes !== undefined;
      const c: Call = { method: 'GET', key, ...(ranged ? { headers: { range: `bytes=0-${firstBytes - 1}` } } : {}) };
      const res = await call(c);
      if (res.statusCode === 404) {
        res.resume();
        return null;
      }
      // An empty object has no byte 0: S3 answers a range of it 416.
      if (ranged && res.statusCode === 416) {
        res.resume();
        return this.get(key);
      }
      if (ranged && res.statusCode === 206) {
        const info = infoOf(key, res);
        const total = /\/(\d+)$/.exec(String(res.headers['content-range'] ?? ''))?.[1];
        return { ...info, size: total ? Number(total) : info.size, body: res, length: info.size };
      }
      if (res.statusCode !== 200) throw await failure(c, res);
      const info = infoOf(key, res);
      // A store that ignores the range sends it all: pass on only the first bytes, then hang up.
      if (ranged && info.size > firstBytes) return { ...info, body: firstOf(res, firstBytes), length: firstBytes };
      return { ...info, body: res, length: info.size };
    },

    async head(key: string) {
      assertValidKey(key);
      const c: Call = { method: 'HEAD', key };
      const res = await call(c);
      res.resume();
      if (res.statusCode === 404) return null;
      if (res.statusCode !== 200) throw await failure(c, res);
      return infoOf(key, res);
    },

    async delete(key: string) {
      assertValidKey(key);
      const c: Call = { method: 'DELETE', key };
      const res = await call(c);
      if (res.statusCode !== 204 && res.statusCode !== 200 && res.statusCode !== 404) throw await failure(c, res);
      res.resume();
    },

    async *list(prefix: string) {
      assertValidPrefix(prefix);
      let token: string | null = null;
      do {
        const page: { files: ListedFile[]; next: string | null } = await listPage(prefix, token);
        yield* page.files;
        token = page.next;
      } while (token);
    },
  };
}

/** The first `bytes` bytes of `source`, which is destroyed once they are read. */
function firstOf(source: IncomingMessage, bytes: number): Readable {
  async function* first() {
    let left = bytes;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        yield chunk.subarray(0, left);
        left -= Math.min(left, chunk.length);
        if (left === 0) return;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(first(), { objectMode: false });
}

async function readAll(res: IncomingMessage): Promise<string> {
  // A ListObjectsV2 page is at most 1,000 entries (a few hundred KB): small enough to hold.
  res.setEncoding('utf8');
  let text = '';
  for await (const chunk of res) text += chunk;
  return text;
}
