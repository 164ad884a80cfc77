/**
 * Profile pictures end to end through the API on both storage drivers: the disk under DATA_DIR
 * (where pictures stored before the adapter still are) and an S3-compatible bucket on loopback.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { userProfiles, users } from '../../server/db/schema';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const LIMIT = 2 * 1024 * 1024;
// What is kept is the picture's WebP copy (server/modules/storage/avatar-image.ts), not the upload.
const AVATAR_URL = /^\/api\/User\/avatar\/([0-9a-f]{32}\.webp)$/;
const isWebp = (b: Buffer) =>
  b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';

const work = mkdtempSync(join(tmpdir(), 'bo-avatars-'));
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
});

const s3Config = (secret?: string) => ({
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  region: s3.region,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: secret ?? s3.secretAccessKey,
});

interface Setup {
  name: 'disk' | 's3';
  start: (dataDir: string) => Promise<TestApp>;
  /** Picture names stored right now. */
  stored: (dataDir: string) => string[];
}

const setups: Setup[] = [
  {
    name: 'disk',
    start: (dataDir) => createTestApp({ dataDir }),
    stored: (dataDir) => {
      const dir = join(dataDir, 'avatars');
      return existsSync(dir) ? readdirSync(dir).sort() : [];
    },
  },
  {
    name: 's3',
    start: (dataDir) => createTestApp({ dataDir, s3: s3Config() }),
    stored: () =>
      s3
        .keys()
        .filter((k) => k.startsWith('avatars/'))
        .map((k) => k.slice('avatars/'.length)),
  },
];

describe.each(setups)('profile pictures on $name', ({ name, start, stored }) => {
  const dataDir = join(work, name);
  let t: TestApp;
  let access: string;
  beforeAll(async () => {
    mkdirSync(dataDir);
    t = await start(dataDir);
    access = (await t.login('user@demo.test')).access;
  });
  afterAll(async () => t.close());

  const upload = (bytes: Buffer, fields: Record<string, string> = { firstName: 'Uma', lastName: 'User' }) =>
    t.call({
      method: 'PATCH',
      url: '/api/User/update-profile',
      token: access,
      ...multipartBody(fields, [{ name: 'avatar', filename: 'me.png', type: 'image/png', bytes }]),
    });
  const profileUrl = async () =>
    (await t.call({ method: 'GET', url: '/api/User/profile', token: access })).json().result.avatarUrl as string | null;

  it('stores the picture, serves it to anyone, and replaces it without leaving the old one', async () => {
    const first = await upload(PNG);
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().result.avatarUrl as string;
    const file = AVATAR_URL.exec(url)?.[1];
    expect(file).toBeDefined();
    expect(stored(dataDir)).toEqual([file]);

    const image = await t.call({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length);
    expect(image.headers['content-security-policy']).toBe("default-src 'none'");
    expect(image.headers.etag).toMatch(/^".+"$/);
    expect(isWebp(image.rawPayload)).toBe(true);

    const second = await upload(Buffer.concat([PNG, Buffer.from('trailing bytes')]));
    const url2 = second.json().result.avatarUrl as string;
    expect(url2).not.toBe(url);
    expect(stored(dataDir)).toEqual([AVATAR_URL.exec(url2)![1]]);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(404);
    expect(isWebp((await t.call({ method: 'GET', url: url2 })).rawPayload)).toBe(true);
  });

  it('accepts a picture of exactly the limit and refuses one byte more, storing nothing', async () => {
    const current = await profileUrl();
    const before = stored(dataDir);
    const putsBefore = s3.requests.filter((r) => r.method === 'PUT').length;
    const over = await upload(Buffer.concat([PNG, Buffer.alloc(LIMIT + 1 - PNG.length)]));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: 'The picture must be at most 2 MB',
      errors: { avatar: 'The picture must be at most 2 MB' },
    });
    expect(stored(dataDir)).toEqual(before);
    expect(await profileUrl()).toBe(current);
    // on S3 the oversized picture never left the server
    expect(s3.requests.filter((r) => r.method === 'PUT').length).toBe(putsBefore);

    const exact = await upload(Buffer.concat([PNG, Buffer.alloc(LIMIT - PNG.length)]));
    expect(exact.statusCode, exact.body).toBe(200);
    const image = await t.call({ method: 'GET', url: exact.json().result.avatarUrl });
    expect(isWebp(image.rawPayload)).toBe(true);
  });

  it("streams the upload into storage: the only buffer the size of the picture is the decoder's one copy", async () => {
    const body = multipartBody({ firstName: 'Uma', lastName: 'User' }, [
      {
        name: 'avatar',
        filename: 'me.png',
        type: 'image/png',
        bytes: Buffer.concat([PNG, Buffer.alloc(LIMIT - 1000)]),
      },
    ]);
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const res = await t.call({ method: 'PATCH', url: '/api/User/update-profile', token: access, ...body });
      expect(res.statusCode).toBe(200);
      // (the bytes each call copied: the total it was given, or all of its list)
      const joined = concat.mock.calls.map(([list, total]) => total ?? list.reduce((n, b) => n + b.length, 0));
      // The upload goes to storage in chunks; the picture is then decoded from the stored file, which
      // sharp reads whole once (avatar-image.ts), at most the kind's 2 MB: no other large buffer.
      const large = joined.filter((n) => n >= 256 * 1024);
      expect(large.length).toBeLessThanOrEqual(1);
      expect(Math.max(0, ...large)).toBeLessThanOrEqual(LIMIT);
    } finally {
      concat.mockRestore();
    }
  });

  it('removes a picture it stored when the rest of the form is refused', async () => {
    const before = stored(dataDir);
    const current = await profileUrl();
    const res = await upload(PNG, { firstName: ' ', lastName: 'User' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ firstName: 'First name is required' });
    expect(stored(dataDir)).toEqual(before);
    expect(await profileUrl()).toBe(current);
    // the type is checked from the bytes, whatever the part says
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.json().errors).toEqual({ avatar: 'The picture must be a PNG, JPEG, WebP or GIF image' });
    expect(stored(dataDir)).toEqual(before);
  });

  it('deletes the picture when it is removed', async () => {
    const url = (await profileUrl())!;
    const removed = await t.call({
      method: 'PATCH',
      url: '/api/User/update-profile',
      token: access,
      payload: { firstName: 'Uma', lastName: 'User', removeAvatar: true },
    });
    expect(removed.json().result.avatarUrl).toBeNull();
    expect(stored(dataDir)).toEqual([]);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers 404 for names that are not a stored picture', async () => {
    for (const file of ['..%2F..%2Fetc%2Fpasswd', 'x.png', `${'a'.repeat(32)}.svg`, `${'a'.repeat(32)}.png`]) {
      expect((await t.call({ method: 'GET', url: `/api/User/avatar/${file}` })).statusCode, file).toBe(404);
    }
  });
});

describe('a refused upload over a real connection', () => {
  it('is answered at once and the connection goes on serving (the rest of the body is read and dropped)', async () => {
    const t = await createTestApp({ dataDir: join(work, 'over-http') });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
      const { access } = await t.login('user@demo.test');
      const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
        new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
          const req = request(
            {
              agent,
              host: base.hostname,
              port: base.port,
              method,
              path,
              headers: { ...headers, authorization: `Bearer ${access}` },
            },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => (text += c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, socket: req.socket }));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      for (const bytes of [
        Buffer.concat([PNG, Buffer.alloc(16 * 1024 * 1024)]),
        Buffer.concat([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'), Buffer.alloc(8 * 1024 * 1024)]),
      ]) {
        const form = multipartBody({ firstName: 'Uma', lastName: 'User' }, [
          { name: 'avatar', filename: 'big.png', type: 'image/png', bytes },
        ]);
        const refused = await send('PATCH', '/api/User/update-profile', form.headers, form.payload);
        expect(refused.status).toBe(400);
        const started = Date.now();
        const next = await send('GET', '/api/User/profile', {});
        expect(next.status).toBe(200);
        expect(next.socket).toBe(refused.socket);
        expect(Date.now() - started).toBeLessThan(5000);
      }
    } finally {
      agent.destroy();
      await t.close();
    }
  });
});

describe('profile pictures stored before the adapter', () => {
  it('are served from DATA_DIR/avatars as they are, and removed from there', async () => {
    const dataDir = join(work, 'legacy');
    const name = `${'ab12'.repeat(8)}.png`;
    mkdirSync(join(dataDir, 'avatars'), { recursive: true });
    writeFileSync(join(dataDir, 'avatars', name), PNG, { mode: 0o600 });
    const t = await createTestApp({ dataDir });
    try {
      const db = t.db.database.db;
      const [user] = await db.select().from(users).where(eq(users.email, 'mover@demo.test'));
      await db.insert(userProfiles).values({ userId: user!.id, avatarFile: name });
      const { access } = await t.login('mover@demo.test');
      const profile = await t.call({ method: 'GET', url: '/api/User/profile', token: access });
      expect(profile.json().result.avatarUrl).toBe(`/api/User/avatar/${name}`);
      const image = await t.call({ method: 'GET', url: `/api/User/avatar/${name}` });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(PNG)).toBe(true);
      await t.call({
        method: 'PATCH',
        url: '/api/User/update-profile',
        token: access,
        payload: { firstName: 'Maya', lastName: 'Mover', removeAvatar: true },
      });
      expect(existsSync(join(dataDir, 'avatars', name))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('profile pictures on S3 across server processes', () => {
  it('are served by a process with another DATA_DIR (the bucket is shared, the disk is not)', async () => {
    const a = await createTestApp({ dataDir: join(work, 'process-a'), s3: s3Config() });
    const b = await createTestApp({ dataDir: join(work, 'process-b'), s3: s3Config() });
    try {
      const { access } = await a.login('clubowner@demo.test');
      const res = await a.call({
        method: 'PATCH',
        url: '/api/User/update-profile',
        token: access,
        ...multipartBody({ firstName: 'Carla', lastName: 'Owner' }, [
          { name: 'avatar', filename: 'c.png', type: 'image/png', bytes: PNG },
        ]),
      });
      const image = await b.call({ method: 'GET', url: res.json().result.avatarUrl });
      expect(image.statusCode).toBe(200);
      expect(isWebp(image.rawPayload)).toBe(true);
      expect(existsSync(join(work, 'process-a', 'avatars'))).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("show on the status page as the bucket's state: up with S3, down when the store refuses us", async () => {
    const status = async (secret?: string) => {
      const t = await createTestApp({ dataDir: join(work, `status-${secret ?? 'ok'}`), s3: s3Config(secret) });
      try {
        const { access } = await t.login('admin@demo.test');
        const res = await t.call({ method: 'GET', url: '/api/AdminAccount/system-status', token: access });
        return res.json().result.checks.find((c: { name: string }) => c.name === 'storage');
      } finally {
        await t.close();
      }
    };
    expect(await status()).toMatchObject({ state: 'up', detail: { driver: 'S3-compatible', freeMb: null } });
    expect(await status('not-the-secret')).toMatchObject({ state: 'down', detail: { driver: 'S3-compatible' } });
  });

  it('answer a plain 500 when the store refuses the server, with nothing of the store in it', async () => {
    const t = await createTestApp({ dataDir: join(work, 'misconfigured'), s3: s3Config('not-the-secret') });
    try {
      const { access } = await t.login('it@demo.test');
      const res = await t.call({
        method: 'PATCH',
        url: '/api/User/update-profile',
        token: access,
        ...multipartBody({ firstName: 'Ian', lastName: 'Tech' }, [
          { name: 'avatar', filename: 'i.png', type: 'image/png', bytes: PNG },
        ]),
      });
      expect(res.statusCode).toBe(500);
      expect(Object.keys(res.json()).sort()).toEqual(['errors', 'message']);
      expect(res.body).not.toMatch(/Signature|S3|at .*\.ts|127\.0\.0\.1/);
    } finally {
      await t.close();
    }
  });
});
