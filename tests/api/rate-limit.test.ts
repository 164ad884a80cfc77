import { afterEach, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { accessLogs } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

const login = (app: TestApp, email: string, password: string, ip = '10.0.0.1') =>
  app.call({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress: ip });

describe('rate limits', () => {
  it('per IP: too many sign-in calls from one address answer 429 with Retry-After', async () => {
    t = await createTestApp({ rateLimit: { authPerIpPerMinute: 3 } });
    for (let i = 0; i < 3; i++) expect((await login(t, 'user@demo.test', 'Demo1234!')).statusCode).toBe(200);
    const limited = await login(t, 'user@demo.test', 'Demo1234!');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait and try again');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected
    expect((await login(t, 'user@demo.test', 'Demo1234!', '10.0.0.2')).statusCode).toBe(200);
  });

  it('per account: after N failed sign-ins even the right password waits, from any address', async () => {
    t = await createTestApp({ rateLimit: { loginFailuresPerAccount: 3, authPerIpPerMinute: 1000 } });
    for (let i = 0; i < 3; i++) {
      expect((await login(t, 'mover@demo.test', 'wrong', `10.0.1.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(t, 'mover@demo.test', 'Demo1234!', '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    // other accounts still sign in
    expect((await login(t, 'user@demo.test', 'Demo1234!', '10.0.2.1')).statusCode).toBe(200);
    // the window passes
    t.clock.advance(16 * 60 * 1000);
    expect((await login(t, 'mover@demo.test', 'Demo1234!', '10.0.2.1')).statusCode).toBe(200);
  });

  it('per account: wrong passwords sent at once each count, so a burst gets no more guesses than one by one', async () => {
    t = await createTestApp({ rateLimit: { loginFailuresPerAccount: 3, authPerIpPerMinute: 1000 } });
    const app = t;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(app, 'mover@demo.test', `wrong-${i}`, `10.0.3.${i}`)),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(9);
    expect((await login(app, 'mover@demo.test', 'Demo1234!', '10.0.4.1')).statusCode).toBe(429);
  });

  it('per account: wrong current passwords sent at once from one session each count too', async () => {
    t = await createTestApp({ rateLimit: { loginFailuresPerAccount: 3, authPerIpPerMinute: 1000 } });
    const app = t;
    const { access } = await app.login('trucker@demo.test');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.call({
          method: 'POST',
          url: '/api/User/change-password',
          token: access,
          payload: { currentPassword: `wrong-${i}`, newPassword: 'N3w!passw0rd' },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(9);
  });

  it('per account: Retry-After says when the oldest counted failure leaves the window', async () => {
    t = await createTestApp({ rateLimit: { loginFailuresPerAccount: 2, authPerIpPerMinute: 1000 } });
    const app = t;
    // The failures are stamped by the database clock; the app's clock starts at the same moment.
    for (let i = 0; i < 2; i++) expect((await login(app, 'it@demo.test', 'wrong')).statusCode).toBe(401);
    app.clock.advance(5 * 60 * 1000);
    const blocked = await login(app, 'it@demo.test', 'Demo1234!');
    expect(blocked.statusCode).toBe(429);
    // 15-minute window, 5 minutes gone: about 10 minutes left (a little slack for the test's own time).
    const seconds = Number(blocked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(9 * 60);
    expect(seconds).toBeLessThanOrEqual(10 * 60 + 5);
  });

  it('per account: recovery codes and code guesses are limited', async () => {
    t = await createTestApp({
      rateLimit: { codesPerAccount: 2, authPerIpPerMinute: 1000 },
      recoveryCode: { maxAttempts: 3 },
    });
    const send = () =>
      t!.call({ method: 'POST', url: '/api/User/forgot-password', payload: { email: 'user@demo.test' } });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
    const guess = (code: string) =>
      t!.call({
        method: 'POST',
        url: '/api/User/recovery-change-password',
        payload: { email: 'user@demo.test', code },
      });
    for (const code of ['000001', '000002', '000003']) expect((await guess(code)).statusCode).toBe(400);
    expect((await guess('000004')).statusCode).toBe(429);
  });

  it('per account: recovery mails asked for at once are counted each, so no more are sent than one by one', async () => {
    t = await createTestApp({ rateLimit: { codesPerAccount: 2, authPerIpPerMinute: 1000 } });
    const app = t;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.call({
          method: 'POST',
          url: '/api/User/forgot-password',
          payload: { email: 'user@demo.test' },
          remoteAddress: `10.0.5.${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(8);
    expect(app.mailLog.filter((line) => line.includes('To: user@demo.test'))).toHaveLength(2);
  });

  it('can be switched off for benchmarks', async () => {
    t = await createTestApp({ rateLimit: { enabled: false, authPerIpPerMinute: 1, loginFailuresPerAccount: 1 } });
    for (let i = 0; i < 3; i++) expect((await login(t, 'it@demo.test', 'bad')).statusCode).toBe(401);
    expect((await login(t, 'it@demo.test', 'Demo1234!')).statusCode).toBe(200);
  });

  it('switched off, a sign-in opens no transaction and writes no failure first, and a failure is still logged', async () => {
    t = await createTestApp({ rateLimit: { enabled: false } });
    const { db } = t.db.database;
    const transactions = vi.spyOn(db, 'transaction');
    const inserts = vi.spyOn(db, 'insert');
    const deletes = vi.spyOn(db, 'delete');
    expect((await login(t, 'it@demo.test', 'Demo1234!')).statusCode).toBe(200);
    // Counted, the try took the account's lock in a transaction and wrote a failure it removed after.
    expect(transactions).not.toHaveBeenCalled();
    expect(inserts.mock.calls.filter(([table]) => table === accessLogs)).toHaveLength(1);
    expect(deletes.mock.calls.filter(([table]) => table === accessLogs)).toHaveLength(0);
    expect((await login(t, 'it@demo.test', 'bad')).statusCode).toBe(401);
    const logged = await db
      .select({ event: accessLogs.event, success: accessLogs.success })
      .from(accessLogs)
      .where(eq(accessLogs.email, 'it@demo.test'))
      .orderBy(asc(accessLogs.createdAt));
    expect(logged).toEqual([
      { event: 'login', success: true },
      { event: 'login_failed', success: false },
    ]);
  });

  it('switched on, a right sign-in gives its try back: only the sign-in stays in the log', async () => {
    t = await createTestApp({ rateLimit: { authPerIpPerMinute: 1000 } });
    const { db } = t.db.database;
    const transactions = vi.spyOn(db, 'transaction');
    expect((await login(t, 'it@demo.test', 'Demo1234!')).statusCode).toBe(200);
    expect(transactions).toHaveBeenCalledTimes(1);
    const logged = await db
      .select({ event: accessLogs.event })
      .from(accessLogs)
      .where(eq(accessLogs.email, 'it@demo.test'));
    expect(logged).toEqual([{ event: 'login' }]);
  });
});
