/**
 * The catalogue (product_catalogue): products and services on the brief's calls — POST, PUT /{id}
 * (multipart with the picture), DELETE /{id}, GET list, GET /{id} — and its lookups (GET
 * categories, GET tax codes). Each bad input refused with the form's message on its field, the
 * picture's rules (not a picture, too big, replaced, gone with the record), other roles 403 and
 * another business's record 404. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { insertAccount } from '../../server/modules/user/accounts';
import { PRODUCT_CATEGORIES, TAX_CODES } from '../../src/domain/products/catalogue';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const work = mkdtempSync(join(tmpdir(), 'bo-products-'));
const base = '/api/Business/products';
let t: TestApp;
let user: string;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  user = (await t.login('user@demo.test')).access;
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f7d5b' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#d4a017' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const folder = join(work, 'record-images', 'catalogue_items');
const storedFiles = () => (existsSync(folder) ? readdirSync(folder).sort() : []);
const filesOf = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return [name, name.replace('.webp', '.thumb.webp')].sort();
};
const create = (payload: object, token = user) => t.call({ method: 'POST', url: base, token, payload });
const put = (id: string, payload: object, token = user) =>
  t.call({ method: 'PUT', url: `${base}/${id}`, token, payload });
const putPicture = (id: string, bytes: Buffer, fields: Record<string, string> = {}, type = 'image/png') =>
  t.call({
    method: 'PUT',
    url: `${base}/${id}`,
    token: user,
    ...multipartBody(fields, [{ name: 'image', filename: 'photo', type, bytes }]),
  });

const haircut = {
  kind: 'service',
  name: 'Haircut',
  price: 3500,
  durationMinutes: 30,
  category: 'beauty',
  taxCode: 'general_services',
  description: 'Wash, cut and style.',
};

describe('products and services', () => {
  let id: string;

  it('lists the demo catalogue, sorted by name, with paging-data', async () => {
    const res = await t.call({ method: 'GET', url: `${base}?perPage=3`, token: user });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(String(res.headers['paging-data']))).toMatchObject({ totalCount: 5, pageSize: 3 });
    expect(res.json().result.map((r: { name: string }) => r.name)).toEqual([
      'Digital photo package',
      'Family photo shoot',
      'Photo editing class',
    ]);
    const services = await t.call({ method: 'GET', url: `${base}?kind=service&active=false`, token: user });
    expect(services.json().result.map((r: { name: string }) => r.name)).toEqual(['Photo editing class']);
  });

  it('creates a service and a product (JSON), with the defaults', async () => {
    const res = await create(haircut);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ ...haircut, active: true, image: null });
    id = res.json().result.id;
    const product = await create({ kind: 'product', name: 'Shampoo', price: 1299 });
    expect(product.json().result).toMatchObject({
      kind: 'product',
      durationMinutes: null,
      category: 'other',
      taxCode: 'general_services',
      active: true,
    });
    expect((await t.call({ method: 'GET', url: `${base}/${id}`, token: user })).json().result.name).toBe('Haircut');
  });

  it('refuses each bad input with the message the form shows, on its field', async () => {
    const bad = await create({
      kind: 'gift',
      name: 'A',
      price: 12.5,
      durationMinutes: 2,
      category: 'pets',
      taxCode: 'luxury',
      active: 'yes',
      colour: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      kind: 'Choose one of the listed values',
      name: 'Must be at least 2 characters long',
      price: 'Enter an amount in dollars and cents, such as 12.50',
      durationMinutes: 'Must be at least 5',
      category: 'Choose one of the listed values',
      taxCode: 'Choose one of the listed values',
      active: 'Must be true or false',
      colour: 'Invalid value',
    });
    expect((await create({})).json().errors).toEqual({
      name: 'This field is required',
      price: 'This field is required',
    });
    expect((await create({ ...haircut, name: 'Beard trim', price: -1, durationMinutes: 1441 })).json().errors).toEqual({
      price: 'Must be at least $0.00',
      durationMinutes: 'Must be at most 1440',
    });
    expect((await create({ ...haircut, name: 'Pricey', price: 100_000_001 })).json().errors).toEqual({
      price: 'Must be at most $1,000,000.00',
    });
    // A service needs its duration (requiredWhen); a product does not.
    const noDuration = await create({ name: 'Massage', price: 6000, kind: 'service' });
    expect(noDuration.json().errors).toEqual({ durationMinutes: 'A service needs its duration in minutes' });
    expect((await put(id, { durationMinutes: null })).json().errors).toEqual({
      durationMinutes: 'A service needs its duration in minutes',
    });
    // The name is unique within the business.
    const same = await create(haircut);
    expect(same.statusCode).toBe(409);
    expect(same.json().errors).toEqual({ name: 'This value is already used by another record' });
    // An id that is not one (400 naming it), or is gone (404).
    const malformed = await put('not-an-id', { price: 1 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ id: 'This id is not valid' });
    expect((await t.call({ method: 'GET', url: `${base}/${crypto.randomUUID()}`, token: user })).statusCode).toBe(404);
  });

  it('updates with PUT /{id}, JSON or multipart with the picture, and replaces the picture', async () => {
    expect((await put(id, { price: 4000, active: false })).json().result).toMatchObject({ price: 4000, active: false });
    const first = await putPicture(id, png, { price: '4200', durationMinutes: '45', active: 'true' });
    expect(first.statusCode).toBe(200);
    const row = first.json().result;
    expect(row).toMatchObject({ price: 4200, durationMinutes: 45, active: true });
    expect(row.image).toMatch(/^\/api\/Business\/products\/images\/[0-9a-f]{32}\.webp$/);
    expect(storedFiles()).toEqual(filesOf(row.image));
    const served = await t.call({ method: 'GET', url: row.image });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const thumb = await t.call({ method: 'GET', url: `${row.image}?size=thumb` });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160, height: 120 });
    // Replaced: the old copies go.
    const second = await putPicture(id, jpeg, {}, 'image/jpeg');
    expect(second.json().result.image).not.toBe(row.image);
    expect(storedFiles()).toEqual(filesOf(second.json().result.image));
    expect((await t.call({ method: 'GET', url: row.image })).statusCode).toBe(404);
    // The history records each change, the picture's too.
    const history = await t.call({ method: 'GET', url: `${base}/history?id=${id}`, token: user });
    expect(history.json().result[0].changes.image.to).toBe(second.json().result.image);
  });

  it("refuses a file that is not a picture, or is too big, keeping the record's picture", async () => {
    const current = (await t.call({ method: 'GET', url: `${base}/${id}`, token: user })).json().result.image;
    const text = await putPicture(id, Buffer.from('GIF89a is what this claims but it is just text'), {}, 'image/gif');
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual({ image: 'Choose a PNG, JPEG or WebP picture' });
    const gif = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
    expect((await putPicture(id, gif, {}, 'image/gif')).json().errors).toEqual({
      image: 'Choose a PNG, JPEG or WebP picture',
    });
    const big = Buffer.concat([png.subarray(0, 64), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await putPicture(id, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({ image: 'The picture must be at most 5 MB' });
    // A path typed in JSON is not a picture.
    expect((await put(id, { image: current.replace(/[0-9a-f]{32}/, 'a'.repeat(32)) })).json().errors).toEqual({
      image: 'Send the picture as a file (multipart), or null to remove it',
    });
    expect(storedFiles()).toEqual(filesOf(current));
    expect((await t.call({ method: 'GET', url: `${base}/${id}`, token: user })).json().result.image).toBe(current);
  });

  it('creates with a picture in one multipart POST, and removes the picture with the record', async () => {
    const before = storedFiles();
    const res = await t.call({
      method: 'POST',
      url: base,
      token: user,
      ...multipartBody({ kind: 'product', name: 'Hair oil', price: '1850', category: 'beauty' }, [
        { name: 'image', filename: 'oil.png', type: 'image/png', bytes: png },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const oil = res.json().result;
    expect(oil).toMatchObject({ kind: 'product', name: 'Hair oil', price: 1850, category: 'beauty' });
    expect(storedFiles()).toEqual([...before, ...filesOf(oil.image)].sort());
    expect((await t.call({ method: 'DELETE', url: `${base}/${oil.id}`, token: user })).statusCode).toBe(200);
    expect(storedFiles()).toEqual(before);
    expect((await t.call({ method: 'GET', url: `${base}/${oil.id}`, token: user })).statusCode).toBe(404);
    // Null removes the picture and keeps the record.
    const cleared = await put(id, { image: null });
    expect(cleared.json().result.image).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it('refuses other roles (403) and answers another business 404, changing nothing', async () => {
    for (const email of ['clubowner@demo.test', 'mover@demo.test', 'trucker@demo.test', 'admin@demo.test']) {
      const token = (await t.login(email)).access;
      expect((await t.call({ method: 'GET', url: base, token })).statusCode, email).toBe(403);
      expect((await t.call({ method: 'GET', url: `${base}/${id}`, token })).statusCode, email).toBe(403);
      expect((await create(haircut, token)).statusCode, email).toBe(403);
      expect((await put(id, { price: 1 }, token)).statusCode, email).toBe(403);
      expect((await t.call({ method: 'DELETE', url: `${base}/${id}`, token })).statusCode, email).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: base })).statusCode).toBe(401);

    const [uma] = await t.db.database.db.select().from(users).where(eq(users.email, 'user@demo.test'));
    const second = await createBusiness(t.db.database.db, 'Other Studio');
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = uma!;
    await insertAccount(t.db.database.db, { ...rest, email: 'other.studio@example.com', businessId: second });
    const other = (await t.login('other.studio@example.com')).access;
    expect((await t.call({ method: 'GET', url: base, token: other })).json().result).toEqual([]);
    expect((await t.call({ method: 'GET', url: `${base}/${id}`, token: other })).statusCode).toBe(404);
    expect((await put(id, { price: 1 }, other)).statusCode).toBe(404);
    const upload = await t.call({
      method: 'PUT',
      url: `${base}/${id}`,
      token: other,
      ...multipartBody({}, [{ name: 'image', filename: 'x.png', type: 'image/png', bytes: png }]),
    });
    expect(upload.statusCode).toBe(404);
    expect(storedFiles()).toEqual([]);
    expect((await t.call({ method: 'DELETE', url: `${base}/${id}`, token: other })).statusCode).toBe(404);
    // Their own catalogue may use the same name.
    expect((await create(haircut, other)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${base}/${id}`, token: user })).json().result.price).toBe(4200);
  });
});

describe('the catalogue lookups', () => {
  it('answers the categories (public) and the tax codes (signed in)', async () => {
    const categories = await t.call({ method: 'GET', url: '/api/Lookup/categories' });
    expect(categories.statusCode).toBe(200);
    expect(categories.json().result.map((c: { value: string }) => c.value)).toEqual([...PRODUCT_CATEGORIES]);
    expect(categories.json().result[0]).toEqual({ value: 'beauty', name: 'Beauty and personal care' });
    expect((await t.call({ method: 'GET', url: '/api/Business/tax-codes' })).statusCode).toBe(401);
    const taxCodes = await t.call({ method: 'GET', url: '/api/Business/tax-codes', token: user });
    expect(taxCodes.json().result).toEqual(TAX_CODES.map(({ code, name }) => ({ code, name })));
  });
});
