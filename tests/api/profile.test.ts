import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { PNG, pngClaiming } from './helpers/images';
import { createTestApp, lastCode, type TestApp } from './helpers/app';
import { MESSAGES } from '../../src/domain/messages';
import es from '../../public/locales/es/translation.json';
import { accessLogs, contactChangeCodes, mailOutbox, users } from '../../server/db/schema';

let t: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'bo-profile-'));
beforeAll(async () => {
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.db.database.db;
const patch = (token: string, payload: object) =>
  t.call({ method: 'PATCH', url: '/api/User/update-profile', token, payload });
const post = (token: string, url: string, payload?: object) => t.call({ method: 'POST', url, token, payload });

/** A multipart body with text fields and optional files. */
function multipart(
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; bytes: Buffer }[] = [],
) {
  const boundary = '----profiletest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Whether EXIF data (as sharp reads it: "Exif\0\0", then TIFF) points to a GPS directory (tag 0x8825). */
function hasGpsTag(exif: Buffer | undefined) {
  if (!exif) return false;
  const littleEndian = exif.subarray(6, 8).toString('latin1') === 'II';
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

describe('PATCH update-profile', () => {
  it('updates names and a first phone number, normalised to E.164 with US as default region', async () => {
    const { access } = await t.login('trucker@demo.test');
    await db().update(users).set({ phone: null }).where(eq(users.email, 'trucker@demo.test'));
    const res = await patch(access, { firstName: '  Tomás ', lastName: 'Fleet-Row', phone: '(202) 555-0143' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ firstName: 'Tomás', lastName: 'Fleet-Row', phone: '+12025550143' });
    const me = await t.call({ method: 'GET', url: '/api/User/me', token: access });
    expect(me.json().result).toMatchObject({ firstName: 'Tomás', name: 'Tomás Fleet-Row', phone: '+12025550143' });
  });

  it('answers each bad field with the form message', async () => {
    const { access } = await t.login('it@demo.test');
    const empty = await patch(access, { firstName: ' ', lastName: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ firstName: 'First name is required', lastName: 'Last name is required' });
    const long = await patch(access, { firstName: 'x'.repeat(101), lastName: 'Tech' });
    expect(long.json().errors.firstName).toBe('Must be at most 100 characters long');
    for (const phone of ['123', '(911) 555-0143', '202-555-01x3', '+0123456789']) {
      const bad = await patch(access, { firstName: 'Ian', lastName: 'Tech', phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().errors.phone).toBe('Enter a valid phone number');
    }
    const missing = await patch(access, {});
    expect(missing.json().errors.firstName).toBe('First name is required');
  });

  it('refuses to replace a stored phone number without the code flow', async () => {
    const { access } = await t.login('mover@demo.test');
    await db().update(users).set({ phone: '+12025550100' }).where(eq(users.email, 'mover@demo.test'));
    const res = await patch(access, { firstName: 'Maya', lastName: 'Mover', phone: '202 555 0199' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.phone).toBe('To replace your phone number, use Change phone: the new number needs a code');
    // the same number, written differently, is not a change
    const same = await patch(access, { firstName: 'Maya', lastName: 'Mover', phone: '1 (202) 555-0100' });
    expect(same.statusCode).toBe(200);
  });

  it('keeps a venue employee shown by name, editable', async () => {
    const { access } = await t.login('venueemployee@demo.test');
    const res = await patch(access, { firstName: 'Victor', lastName: 'Staff', name: 'Vic at the door' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.name).toBe('Vic at the door');
  });

  it('keeps a small copy of a phone photo without its GPS position, and refuses a decompression bomb and a damaged image (en/es)', async () => {
    const { access } = await t.login('user@demo.test');
    const upload = (bytes: Buffer) => {
      const form = multipart({ firstName: 'Uma', lastName: 'User' }, [
        { name: 'avatar', filename: 'me.jpg', type: 'image/jpeg', bytes },
      ]);
      return t.call({
        method: 'PATCH',
        url: '/api/User/update-profile',
        token: access,
        payload: form.payload,
        headers: form.headers,
      });
    };
    const { default: sharp } = await import('sharp');
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#cc5533' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 26/1 4600/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '79/1 58/1 5600/100',
        },
      })
      .toBuffer();
    expect(hasGpsTag((await sharp(photo).metadata()).exif)).toBe(true);
    const saved = await upload(photo);
    expect(saved.statusCode, saved.body).toBe(200);
    const url = saved.json().result.avatarUrl as string;
    const served = await t.call({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/webp');
    const kept = await sharp(served.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'webp', width: 256, height: 192 });
    expect(kept.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);

    // 4 KB of PNG that claims 20,000 × 20,000 pixels: browsers drew it empty after decoding 1.6 GB.
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(8 * 1024);
    // The server answers the form's message; the page shows it in the reader's language (messages.*).
    const refused = await upload(bomb);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ avatar: MESSAGES.avatarPixels });
    const damaged = await upload(Buffer.concat([PNG.subarray(0, 40), Buffer.from('not the rest of a picture')]));
    expect(damaged.statusCode, damaged.body).toBe(400);
    expect(damaged.json().errors).toEqual({ avatar: MESSAGES.avatarUnreadable });
    expect([MESSAGES.avatarPixels, MESSAGES.avatarUnreadable]).toEqual([
      'The picture is too large: at most 40 megapixels',
      'The picture could not be read; the file may be damaged',
    ]);
    expect([es.messages.avatarPixels, es.messages.avatarUnreadable]).toEqual([
      'La imagen es demasiado grande: como máximo 40 megapíxeles',
      'No se pudo leer la imagen; puede que el archivo esté dañado',
    ]);
    // The picture saved before either stays, and nothing else was left in storage.
    expect((await t.call({ method: 'GET', url: '/api/User/profile', token: access })).json().result.avatarUrl).toBe(
      url,
    );
    expect(readdirSync(join(dataDir, 'avatars'))).toEqual([url.split('/').pop()]);
    await patch(access, { firstName: 'Uma', lastName: 'User', removeAvatar: true });
  });

  it('stores a picture sent as multipart, serves it, and refuses SVG, fake and oversized images', async () => {
    const { access } = await t.login('user@demo.test');
    const ok = await t.call({
      method: 'PATCH',
      url: '/api/User/update-profile',
      token: access,
      ...multipart({ firstName: 'Uma', lastName: 'User' }, [
        { name: 'avatar', filename: 'me.png', type: 'image/png', bytes: PNG },
      ]),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json().result.avatarUrl as string;
    // What is kept is the picture's WebP copy (avatar-image.ts in server/modules/storage).
    expect(url).toMatch(/^\/api\/User\/avatar\/[0-9a-f]{32}\.webp$/);
    const image = await t.call({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const { default: sharp } = await import('sharp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
    expect((await t.call({ method: 'GET', url: '/api/User/avatar/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);

    const svg = await t.call({
      method: 'PATCH',
      url: '/api/User/update-profile',
      token: access,
      ...multipart({ firstName: 'Uma', lastName: 'User' }, [
        {
          name: 'avatar',
          filename: 'x.svg',
          type: 'image/svg+xml',
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
      ]),
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().errors.avatar).toBe('The picture must be a PNG, JPEG, WebP or GIF image');
    const fake = await t.call({
      method: 'PATCH',
      url: '/api/User/update-profile',
      token: access,
      ...multipart({ firstName: 'Uma', lastName: 'User' }, [
        { name: 'avatar', filename: 'x.png', type: 'image/png', bytes: Buffer.from('not really a png at all') },
      ]),
    });
    expect(fake.json().errors.avatar).toBe('The picture must be a PNG, JPEG, WebP or GIF image');
    const big = await t.call({
      method: 'PATCH',
      url: '/api/User/update-profile',
      token: access,
      ...multipart({ firstName: 'Uma', lastName: 'User' }, [
        {
          name: 'avatar',
          filename: 'big.png',
          type: 'image/png',
          bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
        },
      ]),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.avatar).toBe('The picture must be at most 2 MB');
    // still the first picture
    expect((await t.call({ method: 'GET', url: '/api/User/profile', token: access })).json().result.avatarUrl).toBe(
      url,
    );

    const removed = await patch(access, { firstName: 'Uma', lastName: 'User', removeAvatar: true });
    expect(removed.json().result.avatarUrl).toBeNull();
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.call({
      method: 'PATCH',
      url: '/api/User/update-profile',
      payload: { firstName: 'a', lastName: 'b' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password, applies the rule, revokes every other session and keeps this one', async () => {
    const other = await t.login('clubowner@demo.test');
    const current = await t.login('clubowner@demo.test');
    const url = '/api/User/change-password';

    const missing = await post(current.access, url, { newPassword: 'N3w-Passw0rd!' });
    expect(missing.json().errors.currentPassword).toBe('Current password is required');
    const weak = await post(current.access, url, { currentPassword: 'Demo1234!', newPassword: 'password' });
    expect(weak.json().errors.newPassword).toBe(
      'Password must contain an uppercase letter, a lowercase letter, a number and a symbol',
    );
    const short = await post(current.access, url, { currentPassword: 'Demo1234!', newPassword: 'Ab1!' });
    expect(short.json().errors.newPassword).toBe('Password must be at least 8 characters long');
    const same = await post(current.access, url, { currentPassword: 'Demo1234!', newPassword: 'Demo1234!' });
    expect(same.json().errors.newPassword).toBe('The new password must be different from the current one');
    const wrong = await post(current.access, url, { currentPassword: 'Wrong1234!', newPassword: 'N3w-Passw0rd!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'The current password is not correct',
      errors: { currentPassword: 'The current password is not correct' },
    });

    const ok = await post(current.access, url, { currentPassword: 'Demo1234!', newPassword: 'N3w-Passw0rd!' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.message).toBe('Your password has been changed. Your other sessions were signed out');

    expect((await t.call({ method: 'GET', url: '/api/User/me', token: current.access })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: other.access })).statusCode).toBe(401);
    const refreshOther = await t.call({
      method: 'POST',
      url: '/api/User/refresh-token',
      payload: { refreshToken: other.refresh },
    });
    expect(refreshOther.statusCode).toBe(401);
    // The other browser is told why it was signed out, not that its session expired.
    expect(refreshOther.json().message).toBe('Your password was changed, so this session was signed out');
    const refreshCurrent = await t.call({
      method: 'POST',
      url: '/api/User/refresh-token',
      payload: { refreshToken: current.refresh },
    });
    expect(refreshCurrent.statusCode).toBe(200);

    const oldLogin = await t.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'clubowner@demo.test', password: 'Demo1234!' },
    });
    expect(oldLogin.statusCode).toBe(401);
    await t.login('clubowner@demo.test', 'N3w-Passw0rd!');

    const events = await db()
      .select({ event: accessLogs.event, success: accessLogs.success })
      .from(accessLogs)
      .where(eq(accessLogs.email, 'clubowner@demo.test'));
    expect(events).toContainEqual({ event: 'password_changed', success: true });
    expect(events).toContainEqual({ event: 'password_change_failed', success: false });
  });

  it('locks further tries after too many wrong current passwords', async () => {
    const app = await createTestApp({ dataDir, rateLimit: { loginFailuresPerAccount: 2 } });
    try {
      const { access } = await app.login('it@demo.test');
      const call = (currentPassword: string) =>
        app.call({
          method: 'POST',
          url: '/api/User/change-password',
          token: access,
          payload: { currentPassword, newPassword: 'N3w-Passw0rd!' },
        });
      expect((await call('Wrong1!aa')).statusCode).toBe(400);
      expect((await call('Wrong2!aa')).statusCode).toBe(400);
      expect((await call('Demo1234!')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('change email', () => {
  it('sends a code to the NEW address, verifies it and logs the change', async () => {
    const { access } = await t.login('trucker@demo.test');
    const sent = await post(access, '/api/User/request-change-email', { email: ' Tom.New@Example.com ' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result).toEqual({
      message: 'If your new email can be used, we sent a 6-digit code to it',
      target: 'tom.new@example.com',
    });
    const code = lastCode(t.mailLog, 'tom.new@example.com');
    const profile = await t.call({ method: 'GET', url: '/api/User/profile', token: access });
    expect(profile.json().result.pendingEmail).toBe('tom.new@example.com');

    const ok = await post(access, '/api/User/verify-change-email', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.message).toBe('Your email has been changed');
    expect(ok.json().result.user.email).toBe('tom.new@example.com');
    expect(ok.json().result.user.pendingEmail).toBeNull();
    // the old address is told
    expect(t.mailLog.some((l) => l.includes('To: trucker@demo.test | Subject: Your email was changed'))).toBe(true);
    await t.login('tom.new@example.com');
    const [log] = await db()
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.event, 'email_changed'), eq(accessLogs.email, 'tom.new@example.com')));
    expect(log).toBeTruthy();
    // spent
    expect((await post(access, '/api/User/verify-change-email', { code })).statusCode).toBe(400);
    // back, for the other tests
    await post(access, '/api/User/request-change-email', { email: 'trucker@demo.test' });
    const back = await post(access, '/api/User/verify-change-email', {
      code: lastCode(t.mailLog, 'trucker@demo.test'),
    });
    expect(back.statusCode).toBe(200);
  });

  it('answers an email of another account exactly like a free one, sends it no code and tells its owner', async () => {
    const { access } = await t.login('mover@demo.test');
    const free = await post(access, '/api/User/request-change-email', { email: 'mover.free@example.com' });
    t.clock.advance(61_000);
    const mailsBefore = t.mailLog.length;
    const taken = await post(access, '/api/User/request-change-email', { email: 'Admin@demo.test' });
    // Same status, same body (but the target): the caller cannot tell the address is in use.
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ result: { ...free.json().result, target: 'admin@demo.test' } });
    const profile = await t.call({ method: 'GET', url: '/api/User/profile', token: access });
    expect(profile.json().result.pendingEmail).toBe('admin@demo.test');

    // The address's owner is told; no code goes anywhere.
    const mails = t.mailLog.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: admin@demo.test | Subject: Someone tried to use your email address');
    expect(mails[0]).not.toMatch(/code is \d{6}/);
    // A resend after the cooldown answers the same and again sends only the notice.
    t.clock.advance(61_000);
    const resent = await post(access, '/api/User/resend-code-email');
    expect(resent.json()).toEqual(taken.json());
    expect(t.mailLog.slice(mailsBefore + 1).every((l) => !/code is \d{6}/.test(l))).toBe(true);
    // No code can confirm it: the stored hash is none of the million 6-digit codes.
    const [row] = await db()
      .select({ codeHash: contactChangeCodes.codeHash, userId: contactChangeCodes.userId })
      .from(contactChangeCodes)
      .where(and(eq(contactChangeCodes.target, 'admin@demo.test'), isNull(contactChangeCodes.usedAt)));
    for (let n = 0; n < 1_000_000; n++) {
      const code = String(n).padStart(6, '0');
      const hash = createHash('sha256').update(`${row!.userId}:email:admin@demo.test:${code}`).digest('base64url');
      if (hash === row!.codeHash) throw new Error(`code ${code} would confirm the change`);
    }
    expect((await post(access, '/api/User/verify-change-email', { code: '123456' })).statusCode).toBe(400);
    const me = await t.call({ method: 'GET', url: '/api/User/me', token: access });
    expect(me.json().result.email).toBe('mover@demo.test');
    await t.login('admin@demo.test');
    t.clock.advance(61_000); // past the cooldown, for the next test's request
  });

  it('answers 400 for the same email and bad input', async () => {
    const { access } = await t.login('mover@demo.test');
    const same = await post(access, '/api/User/request-change-email', { email: 'MOVER@demo.test' });
    expect(same.json().errors.email).toBe('This is already your email');
    expect((await post(access, '/api/User/request-change-email', {})).json().errors.email).toBe('Email is required');
    expect((await post(access, '/api/User/request-change-email', { email: 'nope' })).json().errors.email).toBe(
      'Enter a valid email address',
    );
  });

  it('refuses when the address was taken between request and verify', async () => {
    const { access } = await t.login('mover@demo.test');
    await post(access, '/api/User/request-change-email', { email: 'race@example.com' });
    const code = lastCode(t.mailLog, 'race@example.com');
    await db().update(users).set({ email: 'race@example.com' }).where(eq(users.email, 'it@demo.test'));
    try {
      const res = await post(access, '/api/User/verify-change-email', { code });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ email: 'An account with this email already exists' });
      // Cleanly: the change is no longer pending, and the account keeps its email.
      const profile = (await t.call({ method: 'GET', url: '/api/User/profile', token: access })).json().result;
      expect(profile.pendingEmail).toBeNull();
      expect(profile.email).toBe('mover@demo.test');
    } finally {
      await db().update(users).set({ email: 'it@demo.test' }).where(eq(users.email, 'race@example.com'));
    }
  });

  it('expires codes, counts wrong attempts, and resends only after the cooldown', async () => {
    const { access } = await t.login('user@demo.test');
    const sent = await post(access, '/api/User/request-change-email', { email: 'uma@example.com' });
    expect(sent.statusCode).toBe(200);
    const first = lastCode(t.mailLog, 'uma@example.com');

    const soon = await post(access, '/api/User/resend-code-email');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe('Please wait a minute before asking for another code');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    const resent = await post(access, '/api/User/resend-code-email');
    expect(resent.statusCode).toBe(200);
    const second = lastCode(t.mailLog, 'uma@example.com');
    if (first !== second) {
      expect((await post(access, '/api/User/verify-change-email', { code: first })).statusCode).toBe(400);
    }

    // expired (the access token too: sign in again)
    t.clock.advance(16 * 60_000);
    const { access: fresh } = await t.login('user@demo.test');
    const expired = await post(fresh, '/api/User/verify-change-email', { code: second });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.code).toBe('The code is not valid or has expired');
    expect((await post(fresh, '/api/User/resend-code-email')).json().message).toBe(
      'There is no change waiting for a code. Please start again',
    );

    // five wrong tries spend the code, even the right one fails afterwards
    await post(fresh, '/api/User/request-change-email', { email: 'uma@example.com' });
    const code = lastCode(t.mailLog, 'uma@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(fresh, '/api/User/verify-change-email', { code: wrong });
      expect(res.json().errors.code).toBe('The code is not valid or has expired');
    }
    expect((await post(fresh, '/api/User/verify-change-email', { code })).statusCode).toBe(400);
    expect((await post(fresh, '/api/User/verify-change-email', { code: '12ab' })).json().errors.code).toBe(
      'The code must be exactly 6 digits',
    );
    const me = await t.call({ method: 'GET', url: '/api/User/me', token: fresh });
    expect(me.json().result.email).toBe('user@demo.test');
  });
  it('counts every wrong code sent at once: ten together spend the five tries, and the right code is then refused', async () => {
    // A new minute: the per-address limit of the calls above is not what this test is about.
    t.clock.advance(61_000);
    const { access } = await t.login('venueemployee@demo.test');
    await post(access, '/api/User/request-change-email', { email: 'vera.new@example.com' });
    const code = lastCode(t.mailLog, 'vera.new@example.com');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(access, '/api/User/verify-change-email', { code: wrong(i) })),
    );
    for (const a of answers) expect(a.json().errors.code).toBe('The code is not valid or has expired');
    const right = await post(access, '/api/User/verify-change-email', { code });
    expect(right.statusCode).toBe(400);
    expect(right.json().errors.code).toBe('The code is not valid or has expired');
    const me = await t.call({ method: 'GET', url: '/api/User/me', token: access });
    expect(me.json().result.email).toBe('venueemployee@demo.test');
  });
});

describe('change phone', () => {
  it('sends the code as an SMS line through the dev outbox and applies it', async () => {
    const { access } = await t.login('it@demo.test');
    const bad = await post(access, '/api/User/request-change-phone', { phone: '555' });
    expect(bad.json().errors.phone).toBe('Enter a valid phone number');
    expect((await post(access, '/api/User/request-change-phone', {})).json().errors.phone).toBe(
      'Phone number is required',
    );
    const sent = await post(access, '/api/User/request-change-phone', { phone: '415.555.0123' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result).toEqual({
      message: 'We sent a 6-digit code by text message to your new phone number',
      target: '+14155550123',
    });
    const [sms] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'sms:+14155550123'));
    expect(sms!.text).toMatch(/code is \d{6}/);
    const code = lastCode(t.mailLog, 'sms:+14155550123');
    const ok = await post(access, '/api/User/verify-change-phone-number', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.user.phone).toBe('+14155550123');
    const again = await post(access, '/api/User/request-change-phone', { phone: '+1 415 555 0123' });
    expect(again.json().errors.phone).toBe('This is already your phone number');
    // an international number keeps its country code
    const intl = await post(access, '/api/User/request-change-phone', { phone: '+44 20 7946 0958' });
    expect(intl.json().result.target).toBe('+442079460958');
  });
});

describe('submit details (/register)', () => {
  it('completes the profile of a checked role, creates its business and leaves it waiting for an admin', async () => {
    await db()
      .update(users)
      .set({ isProfileCompleted: false, detailsSubmitted: false, isVerified: false, businessId: null })
      .where(eq(users.email, 'mover@demo.test'));
    const { access } = await t.login('mover@demo.test');
    const url = '/api/Business/submit-details';
    const bad = await post(access, url, { firstName: '', lastName: 'M', phone: '12', companyWebSite: 'not a site' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      firstName: 'First name is required',
      phone: 'Enter a valid phone number',
      companyName: 'Company name is required',
      companyWebSite: 'Enter a valid web address starting with http:// or https://',
    });
    const ok = await post(access, url, {
      firstName: 'Maya',
      lastName: 'Mover',
      phone: '2025550155',
      companyName: 'Maya Moves',
      companyWebSite: 'https://maya-moves.example.com',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.user).toMatchObject({
      isProfileCompleted: true,
      detailsSubmited: true,
      isVerified: false,
      phone: '+12025550155',
      business: { companyName: 'Maya Moves', companyWebSite: 'https://maya-moves.example.com' },
    });
    // the administrators are told
    const admin = await t.login('admin@demo.test');
    const latest = await t.call({ method: 'GET', url: '/api/Notification/latest_notifications', token: admin.access });
    expect(JSON.stringify(latest.json())).toContain('An account is waiting for verification');

    // other roles may not; a verified account is done
    const trucker = await t.login('trucker@demo.test');
    expect((await post(trucker.access, url, {})).statusCode).toBe(403);
    await db().update(users).set({ isVerified: true }).where(eq(users.email, 'mover@demo.test'));
    // complete and verified: nothing left to submit
    const done = await post(access, url, {
      firstName: 'Maya',
      lastName: 'Mover',
      phone: '2025550155',
      companyName: 'X',
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('Your account is already verified');
  });

  it('lets an account an administrator created (verified, profile not completed) complete it and go in', async () => {
    const admin = await t.login('admin@demo.test');
    const created = await t.call({
      method: 'POST',
      url: '/api/AdminAccount/add-user',
      token: admin.access,
      payload: {
        email: 'newcomer@example.com',
        password: 'Start-1234!',
        role: 'USER',
        firstName: 'Nia',
        lastName: 'New',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { access } = await t.login('newcomer@example.com', 'Start-1234!');
    const me = await t.call({ method: 'GET', url: '/api/User/me', token: access });
    expect(me.json().result).toMatchObject({ isVerified: true, isProfileCompleted: false });
    const ok = await post(access, '/api/Business/submit-details', {
      firstName: 'Nia',
      lastName: 'New',
      phone: '(415) 555-0188',
      companyName: 'Nia Studio',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.user).toMatchObject({
      isVerified: true,
      isProfileCompleted: true,
      detailsSubmited: true,
      business: { companyName: 'Nia Studio' },
    });
  });
});
