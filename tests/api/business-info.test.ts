/**
 * The fleet manager's business info (business_info): GET and PUT business info, PUT branding,
 * GET and PUT address, PUT company name, POST logo (a real PNG made by sharp; a text file named
 * .png refused), PATCH time zone and GET and PUT social links. Each bad field answers 400 naming
 * it with the form's message and changes nothing; other roles are refused; the business is
 * always the caller's own.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';

const INFO = '/api/Business/business-info';
const work = mkdtempSync(join(tmpdir(), 'bo-business-info-'));
let t: TestApp;
let trucker: string;
let truckerId: string;
let owner: string;
let mover: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  const tr = await t.login('trucker@demo.test');
  trucker = tr.access;
  truckerId = tr.res.json().result.id;
  owner = (await t.login('clubowner@demo.test')).access;
  mover = (await t.login('mover@demo.test')).access;
  png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#224488' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const get = (url: string, token = trucker) => t.call({ method: 'GET', url, token });
const put = (url: string, payload: object, token = trucker) => t.call({ method: 'PUT', url, token, payload });
const info = async () => (await get(INFO)).json().result;
const upload = (bytes: Buffer, token = trucker, filename = 'logo.png') =>
  t.call({
    method: 'POST',
    url: '/api/Business/logo',
    token,
    ...multipartBody({}, [{ name: 'logo', filename, type: 'image/png', bytes }]),
  });
const storedFiles = (folder: string) => (existsSync(join(work, folder)) ? readdirSync(join(work, folder)) : []);

const good = {
  companyName: '  Swift Freight Co ',
  companyWebSite: 'https://swift-freight.example.com',
  branding: { primaryColor: '#0a5fff', secondaryColor: '#FFAA00' },
  address: { street: '1 Dock Rd', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
  timeZone: 'America/Chicago',
  socialLinks: { facebook: 'https://facebook.com/swift', x: 'https://x.com/swift', linkedin: '' },
};

describe('business info', () => {
  it('PUT saves every field in one call; GET reads it back, colours upper-cased, empty links dropped', async () => {
    const saved = await put(INFO, good);
    expect(saved.statusCode).toBe(200);
    const expected = {
      companyName: 'Swift Freight Co',
      companyWebSite: 'https://swift-freight.example.com',
      timeZone: 'America/Chicago',
      branding: { primaryColor: '#0A5FFF', secondaryColor: '#FFAA00' },
      address: { street: '1 Dock Rd', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
      socialLinks: {
        facebook: 'https://facebook.com/swift',
        instagram: null,
        x: 'https://x.com/swift',
        linkedin: null,
      },
    };
    expect(saved.json().result).toMatchObject(expected);
    expect(await info()).toMatchObject(expected);
    // The time zone is the business's one zone: the venue routes' GET reads the same value.
    expect((await get('/api/Business/time-zone')).json().result).toEqual({ timeZone: 'America/Chicago' });
  });

  it('each bad field is a 400 naming it with the form message, and nothing is half-saved', async () => {
    const before = await info();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ companyName: '  ' }, { companyName: 'Company name is required' }],
      [
        { companyWebSite: 'not a site' },
        { companyWebSite: 'Enter a valid web address starting with http:// or https://' },
      ],
      [
        { branding: { primaryColor: 'red', secondaryColor: '#FFAA00' } },
        { 'branding.primaryColor': 'Enter a colour as #RRGGBB' },
      ],
      [{ timeZone: 'Mars/Olympus' }, { timeZone: 'Choose a time zone from the list' }],
      [{ address: { ...good.address, zipCode: '7330' } }, { 'address.zipCode': 'Must be exactly 5 digits' }],
      [{ address: { ...good.address, country: 'QQ' } }, { 'address.country': 'Choose a country from the list' }],
      [
        { socialLinks: { instagram: 'javascript:alert(1)' } },
        { 'socialLinks.instagram': 'Enter a valid web address starting with http:// or https://' },
      ],
    ];
    for (const [change, errors] of cases) {
      // A good company name beside the bad field: it must not be saved either.
      const res = await put(INFO, { ...good, companyName: 'Half Saved Ltd', ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await info()).toEqual(before);
  });

  it('branding, address, company name, time zone and social links each have their own call', async () => {
    expect(
      (await put('/api/Business/branding', { primaryColor: '#123456', secondaryColor: '#abcdef' })).statusCode,
    ).toBe(200);
    const badColor = await put('/api/Business/branding', { primaryColor: '#123456', secondaryColor: '#abc' });
    expect(badColor.statusCode).toBe(400);
    expect(badColor.json().errors).toEqual({ secondaryColor: 'Enter a colour as #RRGGBB' });

    const address = { street: 'Calle 5', city: 'Monterrey', state: 'NL', zipCode: '64000', country: 'MX' };
    expect((await put('/api/Business/address', address)).statusCode).toBe(200);
    expect((await get('/api/Business/address')).json().result).toEqual(address);
    const badZip = await put('/api/Business/address', { ...address, zipCode: '64-000!' });
    expect(badZip.json().errors).toEqual({ zipCode: 'Enter a valid postal code' });

    expect((await put('/api/Business/company-name', { companyName: 'Swift Haulage' })).json().result.companyName).toBe(
      'Swift Haulage',
    );

    const zone = await t.call({
      method: 'PATCH',
      url: '/api/Business/time-zone',
      token: trucker,
      payload: { timeZone: 'Europe/Madrid' },
    });
    expect(zone.statusCode).toBe(200);
    const badZone = await t.call({
      method: 'PATCH',
      url: '/api/Business/time-zone',
      token: trucker,
      payload: { timeZone: 'Nowhere' },
    });
    expect(badZone.json().errors).toEqual({ timeZone: 'Choose a time zone from the list' });

    const links = { facebook: 'https://facebook.com/haulage', instagram: 'https://instagram.com/haulage' };
    expect((await put('/api/Business/social-links', links)).statusCode).toBe(200);
    expect((await get('/api/Business/social-links')).json().result).toEqual({ ...links, x: null, linkedin: null });
    const badLink = await put('/api/Business/social-links', { linkedin: 'linkedin' });
    expect(badLink.json().errors).toEqual({ linkedin: 'Enter a valid web address starting with http:// or https://' });

    expect(await info()).toMatchObject({
      companyName: 'Swift Haulage',
      timeZone: 'Europe/Madrid',
      branding: { primaryColor: '#123456', secondaryColor: '#ABCDEF' },
      address,
      socialLinks: { ...links, x: null, linkedin: null },
    });
  });

  it('the logo: a real PNG is kept resized (WebP, at most 256 px) and served; a text file named .png is refused', async () => {
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    const path = res.json().result.companyLogo as string;
    expect(path).toMatch(/^\/api\/Business\/logo\/[0-9a-f]{32}\.webp$/);
    expect((await info()).companyLogo).toBe(path);
    const file = await t.call({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 128]);
    // Only the resized copy is kept; the upload itself is gone.
    expect(storedFiles('logos')).toHaveLength(1);
    expect(storedFiles('logo-uploads')).toHaveLength(0);

    const text = await upload(Buffer.from('this is plain text, not an image at all\n'.repeat(5)));
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual({ logo: 'The logo must be a PNG, JPEG or WebP image' });
    const big = await upload(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual({ logo: 'The logo must be at most 2 MB' });
    const damaged = await upload(png.subarray(0, 200));
    expect(damaged.json().errors).toEqual({ logo: 'The logo could not be read; the file may be damaged' });
    const none = await t.call({
      method: 'POST',
      url: '/api/Business/logo',
      token: trucker,
      ...multipartBody({ x: '1' }),
    });
    expect(none.json().errors).toEqual({ logo: 'Choose an image for the logo' });
    expect((await info()).companyLogo).toBe(path);

    // A new logo replaces the old one, whose file is removed.
    const next = (await upload(png)).json().result.companyLogo as string;
    expect(next).not.toBe(path);
    expect((await t.call({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(storedFiles('logos')).toHaveLength(1);
    expect(storedFiles('logo-uploads')).toHaveLength(0);
  });

  it('other roles may not write business_info; GET business info still serves every owner; no other business reachable', async () => {
    for (const token of [owner, mover]) {
      expect((await put(INFO, good, token)).statusCode).toBe(403);
      expect((await put('/api/Business/branding', good.branding, token)).statusCode).toBe(403);
      expect((await get('/api/Business/address', token)).statusCode).toBe(403);
      expect((await put('/api/Business/social-links', {}, token)).statusCode).toBe(403);
      expect((await upload(png, token)).statusCode).toBe(403);
    }
    const mine = await get(INFO, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result.companyName).toMatch(/Blue Note/);
    // The fleet manager's business is not the club owner's to read; an id in the body is ignored.
    expect((await get(`${INFO}?userId=${truckerId}`, owner)).statusCode).toBe(404);
    const ownerBefore = mine.json().result;
    const res = await put(INFO, {
      ...good,
      id: ownerBefore.id,
      businessId: ownerBefore.id,
      companyName: 'Not Blue Note',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.id).not.toBe(ownerBefore.id);
    expect((await get(INFO, owner)).json().result).toEqual(ownerBefore);
    expect((await t.call({ method: 'GET', url: INFO })).statusCode).toBe(401);
  });
});
