/**
 * The engine's image field (types.ts 'image'): a resource declared here with one picture gets
 * multipart create and update, the picture resized to WebP with a thumbnail and served at its
 * path, the shared rules' messages for a file that is not a picture or too big, the replaced
 * picture removed, null removing it, and its files gone with the record (one or in bulk).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { defineResource } from '../../src/domain/resources/types';
import { buildTable } from '../../server/resources/table';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const posters = defineResource({
  name: 'posters',
  table: { name: 'test_posters' },
  routes: { list: 'posters', create: 'posters/create', edit: 'posters/:id/edit', show: 'posters/:id' },
  api: { base: '/api/test/posters', update: { method: 'PUT', path: '/api/test/posters/:id', id: 'path' } },
  access: { list: ['USER'], show: ['USER'], create: ['USER'], update: ['USER'], delete: ['USER'] },
  tenant: true,
  titleField: 'title',
  fields: {
    title: { type: 'string', required: true, max: 40 },
    copies: { type: 'integer', min: 0 },
    framed: { type: 'boolean' },
    picture: { type: 'image' },
  },
});

const work = mkdtempSync(join(tmpdir(), 'bo-engine-image-'));
const base = '/api/test/posters';
let t: TestApp;
let user: string;
let mover: string;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work }, { extraResources: [posters] });
  const empty = generateDrizzleJson({});
  const statements = await generateMigration(empty, generateDrizzleJson({ t: buildTable(posters, tableOf) }, empty.id));
  for (const statement of statements) await t.db.database.db.execute(sql.raw(statement));
  user = (await t.login('user@demo.test')).access;
  mover = (await t.login('mover@demo.test')).access;
  png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const folder = join(work, 'record-images', 'test_posters');
const storedFiles = () => (existsSync(folder) ? readdirSync(folder).sort() : []);
const uploads = () =>
  existsSync(join(work, 'record-image-uploads')) ? readdirSync(join(work, 'record-image-uploads')) : [];
const send = (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; type?: string; name?: string },
  token = user,
) =>
  t.call({
    method,
    url,
    token,
    ...multipartBody(
      fields,
      file
        ? [{ name: file.name ?? 'picture', filename: 'p.png', type: file.type ?? 'image/png', bytes: file.bytes }]
        : [],
    ),
  });
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

describe("the engine's image field", () => {
  let id: string;
  let first: string;

  it('creates from a multipart body: text parts read by type, the picture resized and served', async () => {
    const res = await send('POST', base, { title: 'Harbour', copies: '3', framed: 'true' }, { bytes: png });
    expect(res.statusCode).toBe(200);
    const row = res.json().result;
    expect(row).toMatchObject({ title: 'Harbour', copies: 3, framed: true });
    expect(row.picture).toMatch(/^\/api\/test\/posters\/images\/[0-9a-f]{32}\.webp$/);
    id = row.id;
    first = row.picture;
    const name = nameOf(first);
    expect(storedFiles()).toEqual([name, name.replace('.webp', '.thumb.webp')].sort());
    expect(uploads()).toEqual([]);
    // Served without a token (an <img> sends none), resized, as WebP; the thumbnail smaller still.
    const picture = await t.call({ method: 'GET', url: first });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 675 });
    const thumb = await t.call({ method: 'GET', url: `${first}?size=thumb` });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 160, height: 90 });
    expect((await t.call({ method: 'GET', url: `${base}/images/${'0'.repeat(32)}.webp` })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${base}/images/..%2F..%2Fpglite` })).statusCode).toBe(404);
  });

  it('refuses a file that is not a picture, or is too big, naming the field, with nothing kept', async () => {
    const before = storedFiles();
    const text = await send('PUT', `${base}/${id}`, {}, { bytes: Buffer.from('not a picture at all, just text') });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual({ picture: 'Choose a PNG, JPEG or WebP picture' });
    // A PDF's signature is known to the storage but not a picture.
    const pdf = await send(
      'PUT',
      `${base}/${id}`,
      {},
      { bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') },
    );
    expect(pdf.json().errors).toEqual({ picture: 'Choose a PNG, JPEG or WebP picture' });
    const big = Buffer.concat([png.subarray(0, 16), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await send('PUT', `${base}/${id}`, {}, { bytes: big });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({ picture: 'The picture must be at most 5 MB' });
    // Bytes that start like a PNG but do not decode.
    const damaged = await send(
      'PUT',
      `${base}/${id}`,
      {},
      { bytes: Buffer.concat([png.subarray(0, 40), Buffer.alloc(200)]) },
    );
    expect(damaged.json().errors).toEqual({ picture: 'The picture could not be read; the file may be damaged' });
    // A path is not a picture: it only arrives as a file.
    const typed = await t.call({ method: 'PUT', url: `${base}/${id}`, token: user, payload: { picture: first } });
    expect(typed.json().errors).toEqual({ picture: 'Send the picture as a file (multipart), or null to remove it' });
    // A file part where no image field takes one; bad text next to a good picture keeps nothing.
    expect((await send('PUT', `${base}/${id}`, {}, { bytes: png, name: 'title' })).statusCode).toBe(400);
    const badText = await send('PUT', `${base}/${id}`, { copies: 'many' }, { bytes: png });
    expect(badText.json().errors).toEqual({ copies: 'Enter a whole number, such as 12' });
    expect(storedFiles()).toEqual(before);
    expect(uploads()).toEqual([]);
    expect((await t.call({ method: 'GET', url: `${base}/${id}`, token: user })).json().result.picture).toBe(first);
  });

  it('replaces the picture (the old files removed) and removes it with null', async () => {
    const res = await send('PUT', `${base}/${id}`, { title: 'Harbour at dusk' }, { bytes: jpeg, type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const second = res.json().result.picture as string;
    expect(second).not.toBe(first);
    expect(res.json().result.title).toBe('Harbour at dusk');
    expect(storedFiles()).toEqual([nameOf(second), nameOf(second).replace('.webp', '.thumb.webp')].sort());
    expect((await t.call({ method: 'GET', url: first })).statusCode).toBe(404);
    const removed = await t.call({ method: 'PUT', url: `${base}/${id}`, token: user, payload: { picture: null } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.picture).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it("refuses another role's and another business's upload, keeping nothing", async () => {
    const created = await send('POST', base, { title: 'Lighthouse' }, { bytes: png });
    const other = await send('PUT', `${base}/${created.json().result.id}`, {}, { bytes: jpeg }, mover);
    expect(other.statusCode).toBe(403);
    expect(storedFiles()).toHaveLength(2);
  });

  it("removes a record's picture with the record, one or in bulk", async () => {
    const list = (await t.call({ method: 'GET', url: base, token: user })).json().result as { id: string }[];
    const lighthouse = list.find((r) => r.id !== id)!;
    expect((await t.call({ method: 'DELETE', url: `${base}/${lighthouse.id}`, token: user })).statusCode).toBe(200);
    expect(storedFiles()).toEqual([]);
    const a = (await send('POST', base, { title: 'A' }, { bytes: png })).json().result.id;
    const b = (await send('POST', base, { title: 'B' }, { bytes: jpeg })).json().result.id;
    expect(storedFiles()).toHaveLength(4);
    const bulk = await t.call({ method: 'POST', url: `${base}/bulk-delete`, token: user, payload: { ids: [a, b] } });
    expect(bulk.json().result).toEqual({ deleted: 2 });
    expect(storedFiles()).toEqual([]);
  });
});
