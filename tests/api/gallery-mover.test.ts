/**
 * The mover's gallery (gallery_management, MOVER): the same gallery routes as the club owner's
 * venue galleries, scoped to the mover's own business — images of no venue. A mover cannot reach
 * a club owner's venue or images, nor a club owner the mover's; other roles are refused. The
 * image rules themselves are proven once, in gallery.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const work = mkdtempSync(join(tmpdir(), 'bo-gallery-mover-'));
const GALLERY = '/api/Business/gallery';
let t: TestApp;
let mover: string;
let moverBusiness: string;
let owner: string;
let ownerBusiness: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  const m = await t.login('mover@demo.test');
  mover = m.access;
  moverBusiness = m.res.json().result.business.id;
  const o = await t.login('clubowner@demo.test');
  owner = o.access;
  ownerBusiness = o.res.json().result.business.id;
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#885533' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const upload = (token: string, fields: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: GALLERY,
    token,
    ...multipartBody(fields, [{ name: 'image', filename: 'truck.png', type: 'image/png', bytes: png }]),
  });

describe("the mover's gallery", () => {
  let imageId: string;

  it('uploads, lists, captions, covers, reads and deletes images of its own business', async () => {
    const res = await upload(mover, { caption: 'Our new 26 ft truck' });
    expect(res.statusCode).toBe(200);
    const image = res.json().result;
    expect(image).toMatchObject({ venueId: null, caption: 'Our new 26 ft truck', isCover: false, width: 640 });
    imageId = image.id;
    const second = (await upload(mover)).json().result;
    const list = await t.call({ method: 'GET', url: `${GALLERY}?businessId=${moverBusiness}`, token: mover });
    expect(list.json().result.map((i: { id: string }) => i.id)).toEqual([imageId, second.id]);
    const patched = await t.call({
      method: 'PATCH',
      url: `${GALLERY}/${second.id}`,
      token: mover,
      payload: { caption: 'Packing day', isCover: true },
    });
    expect(patched.json().result).toMatchObject({ caption: 'Packing day', isCover: true });
    const thumb = await t.call({ method: 'GET', url: `${GALLERY}/${second.id}/thumbnail`, token: mover });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    const del = await t.call({ method: 'DELETE', url: `${GALLERY}?imageId=${second.id}`, token: mover });
    expect(del.statusCode).toBe(200);
    const after = await t.call({ method: 'GET', url: `${GALLERY}?businessId=${moverBusiness}`, token: mover });
    expect(after.json().result.map((i: { id: string }) => i.id)).toEqual([imageId]);
  });

  it("keeps the mover and the club owner each to their own business's images", async () => {
    // A club owner's venue is not the mover's to file images under.
    const venueId = (await t.call({ method: 'GET', url: '/api/Club/my-venues', token: owner })).json().result[0].id;
    expect((await upload(mover, { venueId })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `${GALLERY}?businessId=${ownerBusiness}`, token: mover })).statusCode,
    ).toBe(404);
    for (const path of [`${GALLERY}/${imageId}/file`, `${GALLERY}/${imageId}/thumbnail`]) {
      expect((await t.call({ method: 'GET', url: path, token: owner })).statusCode, path).toBe(404);
    }
    const patch = await t.call({
      method: 'PATCH',
      url: `${GALLERY}/${imageId}`,
      token: owner,
      payload: { caption: 'x' },
    });
    expect(patch.statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `${GALLERY}?imageId=${imageId}`, token: owner })).statusCode).toBe(
      404,
    );
    const owners = await t.call({ method: 'GET', url: `${GALLERY}?businessId=${ownerBusiness}`, token: owner });
    expect(owners.json().result.map((i: { id: string }) => i.id)).not.toContain(imageId);
    expect((await t.call({ method: 'GET', url: `${GALLERY}/${imageId}/file`, token: mover })).statusCode).toBe(200);
  });

  it('refuses the roles the brief gives no gallery (403)', async () => {
    for (const email of ['user@demo.test', 'trucker@demo.test', 'it@demo.test']) {
      const token = (await t.login(email)).access;
      expect((await upload(token)).statusCode, email).toBe(403);
      expect((await t.call({ method: 'GET', url: `${GALLERY}?businessId=${moverBusiness}`, token })).statusCode).toBe(
        403,
      );
      expect((await t.call({ method: 'GET', url: `${GALLERY}/${imageId}/file`, token })).statusCode).toBe(403);
    }
  });
});
