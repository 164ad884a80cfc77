/**
 * The gallery (club_gallery_management): real PNG/JPEG/WebP bytes made by sharp go in, a WebP
 * thumbnail comes out; wrong types, damaged files, oversize files and decompression bombs are
 * refused with nothing left stored; order, caption, cover, delete; other roles 403, another
 * business 404; cover and order changes made at the same moment (one cover stays, no deadlock); an
 * order sent from a search moves only the images it lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { insertAccount } from '../../server/modules/user/accounts';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const work = mkdtempSync(join(tmpdir(), 'bo-gallery-'));
let t: TestApp;
let owner: string;
let employee: string;
let user: string;
let businessId: string;
let venueId: string;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  const o = await t.login('clubowner@demo.test');
  owner = o.access;
  businessId = o.res.json().result.business.id;
  employee = (await t.login('venueemployee@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
  venueId = (await t.call({ method: 'GET', url: '/api/Club/my-venues', token: owner })).json().result[0].id;
  png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  // A phone photo: EXIF with an orientation (turned a quarter) that the thumbnail must apply and drop.
  jpeg = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const stored = () => (existsSync(join(work, 'gallery')) ? readdirSync(join(work, 'gallery')).sort() : []);
const list = (query = '', token = owner) =>
  t.call({ method: 'GET', url: `/api/Business/gallery?businessId=${businessId}${query}`, token });
const upload = (
  bytes: Buffer,
  fields: Record<string, string> = { venueId: '' },
  token = owner,
  filename = 'photo.png',
  type = 'image/png',
) => {
  const { venueId: v, ...rest } = fields;
  const body = multipartBody({ ...(v === '' ? { venueId } : v ? { venueId: v } : {}), ...rest }, [
    { name: 'image', filename, type, bytes },
  ]);
  return t.call({ method: 'POST', url: '/api/Business/gallery', token, ...body });
};

/** A PNG whose header claims width × height, with a tiny body: a decompression bomb's shape. */
function claimedPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), // one row; the rest is "missing"
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploading', () => {
  const ids: string[] = [];

  it('stores a PNG and a JPEG with a 400px WebP thumbnail, in order, and serves both to the owner', async () => {
    const a = await upload(png, { venueId: '', caption: '  Main room  ' });
    expect(a.statusCode).toBe(200);
    const first = a.json().result;
    expect(first).toMatchObject({
      venueId,
      caption: 'Main room',
      position: 0,
      isCover: false,
      contentType: 'image/png',
      width: 1200,
      height: 800,
      sizeBytes: png.length,
    });
    const b = await upload(jpeg, {}, owner, 'phone.jpg', 'image/jpeg');
    expect(b.statusCode).toBe(200);
    // The EXIF orientation turns 600×900 into 900×600 as seen.
    expect(b.json().result).toMatchObject({ venueId: null, contentType: 'image/jpeg', width: 900, height: 600 });
    ids.push(first.id, b.json().result.id);
    expect(stored()).toHaveLength(4);

    const file = await t.call({ method: 'GET', url: first.fileUrl, token: owner });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    const thumb = await t.call({ method: 'GET', url: b.json().result.thumbnailUrl, token: owner });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 267 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    expect((await t.call({ method: 'GET', url: first.fileUrl })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: first.fileUrl, token: employee })).statusCode).toBe(403);
  });

  it('lists in order, by venue, and searches captions', async () => {
    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.json().result.map((i: { id: string }) => i.id)).toEqual(ids);
    expect((await list(`&venueId=${venueId}`)).json().result.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
    expect((await list('&query=main')).json().result).toHaveLength(1);
    expect((await list('&query=%25')).json().result).toHaveLength(0);
    const bad = await list('&venueId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ venueId: 'This id is not valid' });
    const missing = await t.call({ method: 'GET', url: '/api/Business/gallery', token: owner });
    expect(missing.json().errors).toEqual({ businessId: 'This field is required' });
  });

  it('refuses a text file named .png, a damaged image, an oversize file and a bomb, storing nothing', async () => {
    const before = stored();
    const text = await upload(Buffer.from('just some text, not an image at all\n'.repeat(10)));
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual({ image: 'The image must be a PNG, JPEG or WebP file' });
    const gif = await upload(Buffer.from('GIF89a' + 'x'.repeat(40)), {}, owner, 'a.gif', 'image/gif');
    expect(gif.json().errors).toEqual({ image: 'The image must be a PNG, JPEG or WebP file' });
    const damaged = await upload(png.subarray(0, 300));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().errors).toEqual({ image: 'The image could not be read; the file may be damaged' });
    const big = await upload(Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual({ image: 'The image must be at most 10 MB' });
    // A request that says it is 35 MB long is answered from that alone, before its body is read.
    const small = multipartBody({ venueId }, [{ name: 'image', filename: 'huge.png', type: 'image/png', bytes: png }]);
    const announced = await t.call({
      method: 'POST',
      url: '/api/Business/gallery',
      token: owner,
      payload: small.payload,
      headers: { ...small.headers, 'content-length': String(35 * 1024 * 1024) },
    });
    expect(announced.statusCode).toBe(413);
    expect(announced.json().errors).toEqual({ image: 'The image must be at most 10 MB' });
    expect(announced.headers.connection).toBe('close');
    const bomb = await upload(claimedPng(20_000, 20_000));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().errors).toEqual({ image: 'The image is too large: at most 40 megapixels' });
    const none = await t.call({
      method: 'POST',
      url: '/api/Business/gallery',
      token: owner,
      ...multipartBody({ caption: 'x' }),
    });
    expect(none.json().errors).toEqual({ image: 'Choose an image to upload' });
    const longCaption = await upload(png, { caption: 'x'.repeat(301) });
    expect(longCaption.json().errors).toEqual({ caption: 'Must be at most 300 characters long' });
    const json = await t.call({ method: 'POST', url: '/api/Business/gallery', token: owner, payload: {} });
    expect(json.json().errors).toEqual({ image: 'Choose an image to upload' });
    expect(stored()).toEqual(before);
    expect((await list()).json().result).toHaveLength(2);
  });

  it('refuses another business venue and other roles, storing nothing', async () => {
    const before = stored();
    const otherVenue = await upload(png, { venueId: '00000000-0000-4000-8000-000000000000' });
    expect(otherVenue.statusCode).toBe(404);
    expect((await upload(png, {}, employee)).statusCode).toBe(403);
    expect((await upload(png, {}, user)).statusCode).toBe(403);
    expect((await list('', employee)).statusCode).toBe(403);
    expect(stored()).toEqual(before);
  });

  it('orders, captions, sets one cover per venue and deletes with the files', async () => {
    const third = (await upload(png, { venueId: '', caption: 'Bar' })).json().result;
    ids.push(third.id);
    const order = await t.call({
      method: 'PATCH',
      url: '/api/Business/gallery/order',
      token: owner,
      payload: { ids: [third.id, ids[0]] },
    });
    expect(order.statusCode).toBe(200);
    expect((await list(`&venueId=${venueId}`)).json().result.map((i: { id: string }) => i.id)).toEqual([
      third.id,
      ids[0],
    ]);
    const twice = await t.call({
      method: 'PATCH',
      url: '/api/Business/gallery/order',
      token: owner,
      payload: { ids: [third.id, third.id] },
    });
    expect(twice.json().errors).toEqual({ ids: 'Each image can appear once in the order' });
    const unknown = await t.call({
      method: 'PATCH',
      url: '/api/Business/gallery/order',
      token: owner,
      payload: { ids: [third.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(404);

    const patch = (id: string, payload: object, token = owner) =>
      t.call({ method: 'PATCH', url: `/api/Business/gallery/${id}`, token, payload });
    expect((await patch(ids[0]!, { isCover: true })).json().result.isCover).toBe(true);
    expect((await patch(ids[1]!, { isCover: true })).json().result.isCover).toBe(true); // no venue: its own cover
    expect((await patch(third.id, { isCover: true, caption: 'Bar at night' })).json().result).toMatchObject({
      isCover: true,
      caption: 'Bar at night',
    });
    const covers = (await list()).json().result.filter((i: { isCover: boolean }) => i.isCover);
    expect(covers.map((i: { id: string }) => i.id).sort()).toEqual([ids[1], third.id].sort());
    expect((await patch(third.id, {})).json().errors).toEqual({ _: 'Give a caption or a cover choice' });
    expect((await patch(third.id, { isCover: 'yes' })).json().errors).toEqual({ isCover: 'Must be true or false' });
    const malformed = await patch('nope', { caption: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ id: 'This id is not valid' });
    expect((await patch(third.id, { caption: 'x' }, employee)).statusCode).toBe(403);

    const before = stored();
    const del = await t.call({ method: 'DELETE', url: `/api/Business/gallery?imageId=${third.id}`, token: owner });
    expect(del.statusCode).toBe(200);
    expect(stored()).toHaveLength(before.length - 2);
    expect((await t.call({ method: 'GET', url: third.fileUrl, token: owner })).statusCode).toBe(404);
    const again = await t.call({ method: 'DELETE', url: `/api/Business/gallery?imageId=${third.id}`, token: owner });
    expect(again.statusCode).toBe(404);
    const noId = await t.call({ method: 'DELETE', url: '/api/Business/gallery', token: owner });
    expect(noId.json().errors).toEqual({ imageId: 'This field is required' });
  });

  it('keeps each business to its own images', async () => {
    const [carla] = await t.db.database.db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
    const second = await createBusiness(t.db.database.db, 'Second Venue');
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = carla!;
    await insertAccount(t.db.database.db, { ...rest, email: 'gallery.owner@example.com', businessId: second });
    const other = (await t.login('gallery.owner@example.com')).access;
    expect((await list('', other)).statusCode).toBe(404);
    const theirs = await t.call({ method: 'GET', url: `/api/Business/gallery?businessId=${second}`, token: other });
    expect(theirs.json().result).toEqual([]);
    const image = ids[0]!;
    expect((await t.call({ method: 'GET', url: `/api/Business/gallery/${image}/file`, token: other })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: `/api/Business/gallery/${image}`,
          token: other,
          payload: { caption: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/Business/gallery?imageId=${image}`, token: other })).statusCode,
    ).toBe(404);
    expect((await upload(png, { venueId }, other)).statusCode).toBe(404);
    expect((await list()).json().result.map((i: { id: string }) => i.id)).toContain(image);
  });

  it('moves an image among those a search shows, the others keeping their places', async () => {
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#aa2255' } })
      .png()
      .toBuffer();
    for (const caption of ['Keep A', 'Bar one', 'Keep C', 'Bar two'])
      expect((await upload(small, { venueId: '', caption })).statusCode).toBe(200);
    const captions = async (query = '') =>
      ((await list(`&venueId=${venueId}${query}`)).json().result as { id: string; caption: string }[]).map((i) => [
        i.id,
        i.caption,
      ]);
    const before = await captions();
    // The screen with "bar" searched shows two images; → on the first sends the two it shows, swapped.
    const shown = await captions('&query=bar');
    expect(shown.map(([, c]) => c)).toEqual(['Bar one', 'Bar two']);
    const order = await t.call({
      method: 'PATCH',
      url: '/api/Business/gallery/order',
      token: owner,
      payload: { ids: [shown[1]![0], shown[0]![0]] },
    });
    expect(order.statusCode).toBe(200);
    const swap = (c: string) => (c === 'Bar one' ? 'Bar two' : c === 'Bar two' ? 'Bar one' : c);
    expect((await captions()).map(([, c]) => c)).toEqual(before.map(([, c]) => swap(c!)));
  });

  it('keeps one cover per venue and answers every change when they come at once', async () => {
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#22aa55' } })
      .png()
      .toBuffer();
    const room = venueId;
    const made = await Promise.all(Array.from({ length: 4 }, () => upload(small, { venueId: room })));
    const race = made.map((m) => m.json().result.id as string);
    expect(new Set(made.map((m) => m.json().result.position)).size).toBe(4);
    const patch = (id: string, payload: object) =>
      t.call({ method: 'PATCH', url: `/api/Business/gallery/${id}`, token: owner, payload });
    const order = (ids: string[]) =>
      t.call({ method: 'PATCH', url: '/api/Business/gallery/order', token: owner, payload: { ids } });
    for (let round = 0; round < 3; round++) {
      // Each owner's screen makes another image the cover at the same moment: one cover stays.
      const answers = await Promise.all(race.map((id) => patch(id, { isCover: true })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const shown = (await list(`&venueId=${room}`)).json().result as { id: string; isCover: boolean }[];
      expect(shown.filter((i) => i.isCover)).toHaveLength(1);
      // Two screens drag the images into opposite orders at once: both answered, never a 500.
      const orders = await Promise.all([order(race), order([...race].reverse()), order([race[2]!, race[0]!])]);
      expect(orders.map((o) => o.statusCode)).toEqual([200, 200, 200]);
    }
    // A caption saved while another screen deletes the image: the image is gone (404), not a 500.
    const [captioned, deleted] = await Promise.all([
      patch(race[3]!, { caption: 'late' }),
      t.call({ method: 'DELETE', url: `/api/Business/gallery?imageId=${race[3]}`, token: owner }),
    ]);
    expect(deleted.statusCode).toBe(200);
    expect([200, 404]).toContain(captioned.statusCode);
  });
});
