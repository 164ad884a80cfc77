/**
 * A small S3-protocol server on loopback for the storage tests: path-style PUT, GET, HEAD and
 * DELETE object and ListObjectsV2, with S3's status codes and XML error bodies. It VERIFIES
 * every request's AWS Signature Version 4 with its own keys (written here from AWS's
 * description, not shared with the driver's signer, so a signing mistake cannot cancel itself
 * out) and refuses a bad one with 403 SignatureDoesNotMatch, and it checks an upload's
 * x-amz-content-sha256 against the bytes received. Objects are kept as files in a temp folder
 * (not in memory), so a test can measure the driver's memory alone.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

export interface S3ServerOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  bucket?: string;
  /** Most keys per ListObjectsV2 page (S3's is 1,000), to test paging with few objects. */
  pageSize?: number;
}

export interface S3Request {
  method: string;
  path: string;
  query: string;
  status: number;
  /** The Range header, when one was sent. */
  range?: string;
}

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request answered, in order. */
  requests: S3Request[];
  /** Keys stored right now. */
  keys(): string[];
  /** The next `count` requests answer 500 InternalError (to test retries). */
  failNext(count: number): void;
  close(): Promise<void>;
}

interface StoredObject {
  file: string;
  size: number;
  etag: string;
  contentType: string;
  lastModified: Date;
}

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** RFC 3986 percent-encoding, byte by byte (AWS: unreserved characters stay, the rest is %XX). */
function awsEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export async function startS3Server(options: S3ServerOptions = {}): Promise<S3TestServer> {
  const accessKeyId = options.accessKeyId ?? 'TESTACCESSKEY00001';
  const secretAccessKey = options.secretAccessKey ?? 'test/secret+key' + randomBytes(8).toString('hex');
  const region = options.region ?? 'us-east-1';
  const bucket = options.bucket ?? 'backoffice-test';
  const dir = mkdtempSync(join(tmpdir(), 'bo-s3-server-'));
  const objects = new Map<string, StoredObject>();
  const requests: S3Request[] = [];
  let failures = 0;

  function reply(res: ServerResponse, status: number, code?: string, message?: string) {
    if (!code) {
      res.writeHead(status).end();
      return;
    }
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message ?? code)}</Message></Error>`;
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(res.req.method === 'HEAD' ? undefined : body);
  }

  /** null when the signature holds; otherwise the error to answer. */
  function verifySignature(req: IncomingMessage, rawPath: string, rawQuery: string) {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return [403, 'AccessDenied', 'Missing or malformed SigV4 Authorization header'] as const;
    const [, keyId, day, scopeRegion, signedHeaderList, signature] = m;
    if (keyId !== accessKeyId) return [403, 'InvalidAccessKeyId', 'Unknown access key'] as const;
    if (scopeRegion !== region) return [400, 'AuthorizationHeaderMalformed', `Region should be ${region}`] as const;
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!when || amzDate.slice(0, 8) !== day) return [403, 'AccessDenied', 'Bad x-amz-date'] as const;
    const at = Date.UTC(+when[1]!, +when[2]! - 1, +when[3]!, +when[4]!, +when[5]!, +when[6]!);
    if (Math.abs(Date.now() - at) > 15 * 60_000) return [403, 'RequestTimeTooSkewed', 'Clock skew'] as const;
    const signed = signedHeaderList!.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!signed.includes(required)) return [403, 'AccessDenied', `${required} must be signed`] as const;
    }
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    const headerLines = signed.map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/ +/g, ' ')}`;
    });
    const query = rawQuery
      ? rawQuery
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            const k = decodeQueryPart(eq < 0 ? pair : pair.slice(0, eq));
            const v = decodeQueryPart(eq < 0 ? '' : pair.slice(eq + 1));
            return [awsEncode(k), awsEncode(v)] as const;
          })
          // By name, then by value (AWS: "sort the parameter names by character code point").
          .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
          .map(([k, v]) => `${k}=${v}`)
          .join('&')
      : '';
    const canonical = [req.method, rawPath, query, headerLines.join('\n') + '\n', signedHeaderList, payloadHash].join(
      '\n',
    );
    const toSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      `${day}/${region}/s3/aws4_request`,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const kDate = createHmac('sha256', `AWS4${secretAccessKey}`).update(day!).digest();
    const kRegion = createHmac('sha256', kDate).update(region).digest();
    const kService = createHmac('sha256', kRegion).update('s3').digest();
    const kSigning = createHmac('sha256', kService).update('aws4_request').digest();
    const expected = createHmac('sha256', kSigning).update(toSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
      return [403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match'] as const;
    }
    return null;
  }

  async function putObject(req: IncomingMessage, res: ServerResponse, key: string) {
    const declared = req.headers['content-length'];
    if (declared === undefined || req.headers['transfer-encoding']) {
      return reply(res, 411, 'MissingContentLength', 'You must provide the Content-Length HTTP header');
    }
    const sha256 = createHash('sha256');
    const md5 = createHash('md5');
    let size = 0;
    const temp = join(dir, `upload-${randomBytes(8).toString('hex')}`);
    const tap = new Transform({
      transform(chunk: Buffer, _e, done) {
        sha256.update(chunk);
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(req, tap, createWriteStream(temp));
    const claimed = String(req.headers['x-amz-content-sha256']);
    if (size !== Number(declared)) {
      await unlink(temp);
      return reply(res, 400, 'IncompleteBody', 'Fewer bytes than Content-Length');
    }
    if (claimed !== 'UNSIGNED-PAYLOAD' && claimed !== sha256.digest('hex')) {
      await unlink(temp);
      return reply(res, 400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match');
    }
    const file = join(dir, `object-${createHash('sha256').update(key).digest('hex')}`);
    await rename(temp, file);
    const etag = md5.digest('hex');
    objects.set(key, {
      file,
      size,
      etag,
      contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
      lastModified: new Date(),
    });
    res.writeHead(200, { etag: `"${etag}"` }).end();
  }

  function listObjects(res: ServerResponse, params: URLSearchParams) {
    if (params.get('list-type') !== '2') return reply(res, 501, 'NotImplemented', 'Only ListObjectsV2 is offered');
    const prefix = params.get('prefix') ?? '';
    const max = Math.min(options.pageSize ?? 1000, Number(params.get('max-keys') ?? 1000));
    const after = params.get('continuation-token') ?? '';
    const matching = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = matching.slice(0, max);
    const truncated = matching.length > page.length;
    const contents = page
      .map((k) => {
        const o = objects.get(k)!;
        return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>&quot;${o.etag}&quot;</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : '';
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    const rawQuery = q < 0 ? '' : url.slice(q + 1);
    res.on('finish', () =>
      requests.push({
        method: req.method ?? '',
        path: rawPath,
        query: rawQuery,
        status: res.statusCode,
        ...(req.headers.range ? { range: req.headers.range } : {}),
      }),
    );
    if (failures > 0) {
      failures--;
      req.resume();
      return reply(res, 500, 'InternalError', 'We encountered an internal error. Please try again.');
    }
    const refused = verifySignature(req, rawPath, rawQuery);
    if (refused) {
      req.resume();
      return reply(res, refused[0], refused[1], refused[2]);
    }
    const [, bucketName, ...rest] = rawPath.split('/');
    if (decodeURIComponent(bucketName ?? '') !== bucket) {
      req.resume();
      return reply(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const key = rest.map((s) => decodeURIComponent(s)).join('/');
    if (!key) {
      if (req.method === 'GET') return listObjects(res, new URLSearchParams(rawQuery));
      // S3's own answer to an operation a server does not offer (its error code is 'NotImplemented'):
      // this test server speaks only the calls the driver makes, so anything else is refused plainly.
      return reply(res, 501, 'NotImplemented', 'This test server answers only the calls the S3 driver makes');
    }
    const found = objects.get(key);
    switch (req.method) {
      case 'PUT':
        return putObject(req, res, key);
      case 'GET':
      case 'HEAD':
        if (!found) return reply(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        {
          // A first-bytes range (`bytes=0-N`, the only one the driver asks for), answered as S3 does.
          const range = req.method === 'GET' ? /^bytes=0-(\d+)$/.exec(req.headers.range ?? '') : null;
          if (range && found.size === 0)
            return reply(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
          if (range) {
            const end = Math.min(Number(range[1]), found.size - 1);
            res.writeHead(206, {
              'content-type': found.contentType,
              'content-length': end + 1,
              'content-range': `bytes 0-${end}/${found.size}`,
              etag: `"${found.etag}"`,
              'last-modified': found.lastModified.toUTCString(),
            });
            return pipeline(createReadStream(found.file, { start: 0, end }), res);
          }
        }
        res.writeHead(200, {
          'content-type': found.contentType,
          'content-length': found.size,
          etag: `"${found.etag}"`,
          'last-modified': found.lastModified.toUTCString(),
        });
        if (req.method === 'HEAD') return res.end();
        return pipeline(createReadStream(found.file), res);
      case 'DELETE':
        if (found) {
          objects.delete(key);
          await unlink(found.file).catch(() => undefined);
        }
        return reply(res, 204);
      default:
        return reply(res, 405, 'MethodNotAllowed', 'Method not allowed');
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) reply(res, 500, 'InternalError', String(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    requests,
    keys: () => [...objects.keys()].sort(),
    failNext(count) {
      failures = count;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
