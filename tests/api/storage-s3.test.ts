/**
 * The S3 driver beyond the shared contract (storage.test.ts): its SigV4 signing against AWS's
 * published examples and against a server that refuses wrong signatures, retries, list paging,
 * and how the configuration picks a driver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createStorage } from '../../server/modules/storage/create-storage';
import { s3Storage, type S3Options } from '../../server/modules/storage/s3-driver';
import { EMPTY_SHA256, signRequest } from '../../server/modules/storage/s3-signer';
import { StorageError } from '../../server/modules/storage/storage';
import { loadConfig } from '../../server/config';
import { startS3Server, type S3TestServer } from './helpers/s3-server';

let s3: S3TestServer;
const spoolDir = mkdtempSync(join(tmpdir(), 'bo-s3-spool-'));
beforeAll(async () => {
  s3 = await startS3Server({ pageSize: 2 });
});
afterAll(async () => {
  await s3.close();
  rmSync(spoolDir, { recursive: true, force: true });
});

const options = (over: Partial<S3Options> = {}): S3Options => ({
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  region: s3.region,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  spoolDir,
  ...over,
});
const text = (value: string) => Readable.from([Buffer.from(value)]);

describe('SigV4 signing', () => {
  // The examples in AWS's "Signature Calculations for the Authorization Header" (S3 API reference).
  const aws = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
  };
  const date = new Date('2013-05-24T00:00:00Z');
  const host = 'examplebucket.s3.amazonaws.com';
  const signatureOf = (headers: Record<string, string>) =>
    /Signature=([0-9a-f]{64})$/.exec(headers.authorization!)?.[1];

  it("matches AWS's published GET object example", () => {
    const headers = signRequest(
      { method: 'GET', path: '/test.txt', host, headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256, date },
      aws,
    );
    expect(headers.authorization).toContain(
      'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,',
    );
    expect(signatureOf(headers)).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it("matches AWS's published list objects and sub-resource examples (query strings)", () => {
    const list = signRequest(
      { method: 'GET', path: '/', query: { prefix: 'J', 'max-keys': '2' }, host, payloadHash: EMPTY_SHA256, date },
      aws,
    );
    expect(signatureOf(list)).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
    const lifecycle = signRequest(
      { method: 'GET', path: '/', query: { lifecycle: '' }, host, payloadHash: EMPTY_SHA256, date },
      aws,
    );
    expect(signatureOf(lifecycle)).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });
});

describe('the S3 driver against a server that checks signatures', () => {
  it('is refused with 403 when its secret is wrong, on every call, and stores nothing', async () => {
    const wrong = s3Storage(options({ secretAccessKey: `${s3.secretAccessKey}x` }));
    const calls: [string, () => Promise<unknown>][] = [
      ['put', () => wrong.put('wrong/a.txt', text('x'), { maxBytes: 10 })],
      ['get', () => wrong.get('wrong/a.txt')],
      ['head', () => wrong.head('wrong/a.txt')],
      ['delete', () => wrong.delete('wrong/a.txt')],
      [
        'list',
        async () => {
          for await (const f of wrong.list('wrong/')) void f;
        },
      ],
    ];
    for (const [name, call] of calls) {
      const err = await call().catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(StorageError);
      // HEAD answers carry no body, so only the status says why.
      expect((err as StorageError).status, name).toBe(403);
      if (name !== 'head') expect((err as StorageError).code, name).toBe('SignatureDoesNotMatch');
      expect((err as Error).message, name).not.toContain(s3.secretAccessKey);
    }
    expect(s3.keys().filter((k) => k.startsWith('wrong/'))).toEqual([]);
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it('is refused for an unknown access key and for a clock more than 15 minutes off', async () => {
    const unknown = s3Storage(options({ accessKeyId: 'SOMEONEELSE' }));
    await expect(unknown.head('x/a.txt')).rejects.toMatchObject({ status: 403 });
    const late = s3Storage(options({ now: () => Date.now() - 20 * 60_000 }));
    await expect(late.get('x/a.txt')).rejects.toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' });
    // and the right keys on time pass
    expect(await s3Storage(options()).get('x/a.txt')).toBeNull();
  });

  it('has its request refused when the path or the body differ from what was signed', async () => {
    const send = (path: string, headers: Record<string, string>, body: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(s3.endpoint);
        const req = request({ hostname: url.hostname, port: url.port, method: 'PUT', path, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
    const path = `/${s3.bucket}/tamper/a.txt`;
    const signed = (payloadHash: string) =>
      signRequest(
        { method: 'PUT', path, host: new URL(s3.endpoint).host, payloadHash, date: new Date(), headers: {} },
        options(),
      );
    const helloHash = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'; // sha256("hello")
    expect(await send(path, { ...signed(helloHash), 'content-length': '5' }, 'hello')).toBe(200);
    // the same signature on another key
    expect(await send(`/${s3.bucket}/tamper/b.txt`, { ...signed(helloHash), 'content-length': '5' }, 'hello')).toBe(
      403,
    );
    // the signed hash is right for "hello", the body is not "hello"
    expect(await send(path, { ...signed(helloHash), 'content-length': '5' }, 'jello')).toBe(400);
    expect(s3.keys().filter((k) => k.startsWith('tamper/'))).toEqual(['tamper/a.txt']);
  });

  it('retries a call the store answers 5xx, from the spooled file, and gives up after its attempts', async () => {
    const store = s3Storage(options());
    const before = s3.requests.length;
    s3.failNext(2);
    await store.put('retry/a.txt', text('third time lucky'), { maxBytes: 100 });
    expect(s3.requests.slice(before).map((r) => `${r.method} ${r.status}`)).toEqual(['PUT 500', 'PUT 500', 'PUT 200']);
    const got = await store.get('retry/a.txt');
    expect(await new Response(Readable.toWeb(got!.body) as ReadableStream).text()).toBe('third time lucky');

    s3.failNext(3);
    await expect(store.put('retry/b.txt', text('never'), { maxBytes: 100 })).rejects.toMatchObject({
      status: 500,
      code: 'InternalError',
    });
    expect(await store.head('retry/b.txt')).toBeNull();
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it('fails with a StorageError when the store cannot be reached', async () => {
    const closed = await startS3Server();
    const endpoint = closed.endpoint;
    await closed.close();
    const store = s3Storage(options({ endpoint, attempts: 2 }));
    await expect(store.put('down/a.txt', text('x'), { maxBytes: 10 })).rejects.toThrow(StorageError);
    await expect(store.get('down/a.txt')).rejects.toThrow(StorageError);
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it('lists across pages (the server answers two keys a page) and accepts an endpoint with a trailing slash', async () => {
    const store = s3Storage(options({ endpoint: `${s3.endpoint}/` }));
    const keys = ['paged/e.txt', 'paged/a.txt', 'paged/c.txt', 'paged/b.txt', 'paged/d.txt'];
    for (const key of keys) await store.put(key, text(key), { maxBytes: 100 });
    const before = s3.requests.length;
    const listed: string[] = [];
    for await (const f of store.list('paged/')) listed.push(f.key);
    expect(listed).toEqual([...keys].sort());
    expect(s3.requests.slice(before).filter((r) => r.method === 'GET')).toHaveLength(3);
  });
});

describe('choosing the driver from the configuration', () => {
  const env = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'files',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('uses the disk with no S3 settings, and S3 with all of them', () => {
    expect(createStorage(loadConfig({})).driver).toBe('disk');
    const config = loadConfig(env);
    expect(config.s3.region).toBe('us-east-1');
    expect(createStorage(config).driver).toBe('s3');
    expect(loadConfig({ ...env, S3_REGION: 'auto' }).s3.region).toBe('auto');
  });

  it('refuses to start with S3 half configured, naming what is missing', () => {
    expect(() => createStorage(loadConfig({ S3_BUCKET: 'files' }))).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => createStorage(loadConfig({ ...env, S3_SECRET_ACCESS_KEY: '' }))).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => createStorage(loadConfig({ ...env, S3_ENDPOINT: 'ftp://files.example' }))).toThrow(/http/);
  });
});
