import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, lastCode, type TestApp } from './helpers/app';
import { mailOutbox, passwordResetCodes, users } from '../../server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload });
const SENT = 'If an account exists for this email, we sent a 6-digit code to it';

describe('password recovery', () => {
  it('mails a code, checks it, sets the new password and signs out other sessions', async () => {
    const before = await t.login('trucker@demo.test');
    const sent = await post('/api/User/forgot-password', { email: 'trucker@demo.test' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result.message).toBe(SENT);
    const rows = await t.db.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'trucker@demo.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toMatch(/\b\d{6}\b/);
    const code = lastCode(t.mailLog, 'trucker@demo.test');
    expect(rows[0]!.text).toContain(code);

    const check = await post('/api/User/recovery-change-password', { email: 'trucker@demo.test', code });
    expect(check.json()).toEqual({ result: { codeAccepted: true } });

    const weak = await post('/api/User/recovery-change-password', {
      email: 'trucker@demo.test',
      code,
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe('Password must be at least 8 characters long');

    const done = await post('/api/User/recovery-change-password', {
      email: 'trucker@demo.test',
      code,
      password: 'N3w-Passw0rd!',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().result.passwordChanged).toBe(true);

    expect((await post('/api/user/login', { email: 'trucker@demo.test', password: 'Demo1234!' })).statusCode).toBe(401);
    expect((await post('/api/user/login', { email: 'trucker@demo.test', password: 'N3w-Passw0rd!' })).statusCode).toBe(
      200,
    );
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: before.access })).statusCode).toBe(401);
    // the code is spent
    const again = await post('/api/User/recovery-change-password', { email: 'trucker@demo.test', code });
    expect(again.statusCode).toBe(400);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await post('/api/User/forgot-password', { email: 'nobody@demo.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.message).toBe(SENT);
    expect(t.mailLog.some((l) => l.includes('nobody@demo.test'))).toBe(false);
  });

  it('refuses a wrong code with a field error, and a malformed one with the format message', async () => {
    await post('/api/User/forgot-password', { email: 'mover@demo.test' });
    const code = lastCode(t.mailLog, 'mover@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/api/User/recovery-change-password', { email: 'mover@demo.test', code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The code is not valid or has expired',
      errors: { code: 'The code is not valid or has expired' },
    });
    const malformed = await post('/api/User/recovery-change-password', { email: 'mover@demo.test', code: '12ab' });
    expect(malformed.json().errors.code).toBe('The code must be exactly 6 digits');
  });

  it('resend-code replaces the previous code', async () => {
    await post('/api/User/forgot-password', { email: 'it@demo.test' });
    const first = lastCode(t.mailLog, 'it@demo.test');
    await post('/api/User/resend-code', { email: 'it@demo.test' });
    const second = lastCode(t.mailLog, 'it@demo.test');
    if (first !== second) {
      expect(
        (await post('/api/User/recovery-change-password', { email: 'it@demo.test', code: first })).statusCode,
      ).toBe(400);
    }
    expect((await post('/api/User/recovery-change-password', { email: 'it@demo.test', code: second })).statusCode).toBe(
      200,
    );
  });

  it('counts every wrong code sent at once: five spend the code, however many arrive together', async () => {
    const email = 'user@demo.test';
    await post('/api/User/forgot-password', { email });
    const code = Number(lastCode(t.mailLog, email));
    const guesses = Array.from({ length: 10 }, (_, i) => String((code + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      guesses.map((guess) => post('/api/User/recovery-change-password', { email, code: guess })),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 400 && s !== 429)).toEqual([]);
    const { db } = t.db.database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user!.id));
    // Read first and counted after, the ten had counted as one and left the code alive.
    expect(row!.attempts).toBe(5);
    expect(row!.usedAt).not.toBeNull();
  });

  it('a right code gives its try back: four wrong tries, the check, then the new password', async () => {
    const email = 'clubowner@demo.test';
    await post('/api/User/forgot-password', { email });
    const code = lastCode(t.mailLog, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await post('/api/User/recovery-change-password', { email, code: wrong })).statusCode).toBe(400);
    expect((await post('/api/User/recovery-change-password', { email, code })).json()).toEqual({
      result: { codeAccepted: true },
    });
    const done = await post('/api/User/recovery-change-password', { email, code, password: 'N3w-Passw0rd!' });
    expect(done.statusCode).toBe(200);
  });

  it('a code expires', async () => {
    await post('/api/User/forgot-password', { email: 'venueemployee@demo.test' });
    const code = lastCode(t.mailLog, 'venueemployee@demo.test');
    t.clock.advance(16 * 60 * 1000);
    const res = await post('/api/User/recovery-change-password', { email: 'venueemployee@demo.test', code });
    expect(res.statusCode).toBe(400);
  });
});
