/**
 * The session cache (server/auth/session-cache.ts) never answers what the database would
 * refuse: a remembered token stops working the moment its session, its user's status or role,
 * or its two-factor state changes — however the change is made — on PGlite and on PostgreSQL,
 * and on PostgreSQL also when another process makes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { createTestApp, type TestApp } from './helpers/app';
import { copyTemplate, pgUrl } from './helpers/database';
import { serveProcess } from './helpers/process';

const ME = '/api/user/me';

describe('session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('remembers a signed-in token, and forgets it when the session is revoked behind its back', async () => {
    const { access } = await t.login('user@demo.test');
    expect((await t.call({ method: 'GET', url: ME, token: access })).statusCode).toBe(200);
    expect(t.app.ctx.sessions.size).toBeGreaterThan(0);
    // Not through any route: straight to the table, as another tool or a script would.
    await t.db.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, userIdOf(access)));
    expect((await t.call({ method: 'GET', url: ME, token: access })).statusCode).toBe(401);
  });

  it('forgets a user deactivated with raw SQL, and one whose role changes', async () => {
    const { access } = await t.login('mover@demo.test');
    expect((await t.call({ method: 'GET', url: ME, token: access })).statusCode).toBe(200);
    await t.db.database.db.execute(sql`update users set status = 'inactive' where email = 'mover@demo.test'`);
    expect((await t.call({ method: 'GET', url: ME, token: access })).statusCode).toBe(401);
    await t.db.database.db.update(users).set({ status: 'active' }).where(eq(users.email, 'mover@demo.test'));

    const admin = await t.login('admin@demo.test');
    const list = '/api/AdminAccount/users?page=1&perPage=1';
    expect((await t.call({ method: 'GET', url: list, token: admin.access })).statusCode).toBe(200);
    await t.db.database.db.update(users).set({ role: 'USER' }).where(eq(users.email, 'admin@demo.test'));
    expect((await t.call({ method: 'GET', url: list, token: admin.access })).statusCode).toBe(403);
    await t.db.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, 'admin@demo.test'));
  });

  it('logout ends the token at once', async () => {
    const { access } = await t.login('clubowner@demo.test');
    expect((await t.call({ method: 'GET', url: ME, token: access })).statusCode).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/user/logout', token: access });
    expect(out.statusCode).toBeLessThan(300);
    expect((await t.call({ method: 'GET', url: ME, token: access })).statusCode).toBe(401);
  });

  it('an expired token is not answered from memory', async () => {
    const { access } = await t.login('trucker@demo.test');
    expect((await t.call({ method: 'GET', url: ME, token: access })).statusCode).toBe(200);
    t.clock.advance((t.app.ctx.config.accessTokenTtlSeconds + 1) * 1000);
    expect((await t.call({ method: 'GET', url: ME, token: access })).statusCode).toBe(401);
  });
});

function userIdOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
}

describe.skipIf(!pgUrl())('session cache across processes (PostgreSQL)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  const serve = (location: string) => serveProcess(location, cleanup);

  it('a logout on process A, or a change by any other connection, ends the token on process B', async () => {
    const template = await copyTemplate();
    cleanup.push(() => template.dispose());
    const a = await serve(template.location);
    const b = await serve(template.location);
    const me = (token: string) =>
      b.inject({ method: 'GET', url: ME, headers: { authorization: `Bearer ${token}` } }).then((r) => r.statusCode);
    const login = async (email: string) => {
      const res = await a.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      return String(res.headers.authorization).replace(/^Bearer /, '');
    };

    const first = await login('user@demo.test');
    expect(await me(first)).toBe(200);
    expect(b.ctx.sessions.size).toBeGreaterThan(0);
    await a.inject({ method: 'POST', url: '/api/user/logout', headers: { authorization: `Bearer ${first}` } });
    await expect.poll(() => me(first), { timeout: 2_000, interval: 20 }).toBe(401);

    const second = await login('mover@demo.test');
    expect(await me(second)).toBe(200);
    const other = new pg.Client({ connectionString: template.location });
    await other.connect();
    cleanup.push(() => other.end());
    await other.query(`update users set status = 'inactive' where email = 'mover@demo.test'`);
    await expect.poll(() => me(second), { timeout: 2_000, interval: 20 }).toBe(401);
  });
});
