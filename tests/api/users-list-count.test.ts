/**
 * The users list's totalCount stays exact although it is remembered per filter
 * (server/resources/exact-count.ts): every change to users, through the API or straight in the
 * database, in any transaction, bumps table_versions and the next list counts again; a change
 * that rolls back changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { tableVersions, users } from '../../server/db/schema';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  admin = (await t.login('admin@demo.test')).access;
});
afterAll(() => t.close());

const total = async (q: string) => {
  const res = await t.call({ method: 'GET', url: `/api/AdminAccount/users?${q}`, token: admin });
  expect(res.statusCode).toBe(200);
  return JSON.parse(String(res.headers['paging-data'])).totalCount as number;
};
const counted = async (where = sql`true`) =>
  Number(
    (
      await t.db.database.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(where)
    )[0]!.n,
  );
const version = async () =>
  (await t.db.database.db.select().from(tableVersions).where(eq(tableVersions.tableName, 'users')))[0]!.version;

describe('users list totals', () => {
  it('match count(*) for every filter, asked twice', async () => {
    for (const [q, where] of [
      ['page=1', sql`true`],
      ['status=inactive', sql`status = 'inactive'`],
      ['status=active&verified=true&role=USER', sql`status = 'active' and is_verified and role = 'USER'`],
      [
        'query=mart',
        sql`email ilike '%mart%' or first_name ilike '%mart%' or last_name ilike '%mart%' or name ilike '%mart%'`,
      ],
    ] as const) {
      expect(await total(q)).toBe(await counted(where));
      expect(await total(q)).toBe(await counted(where));
    }
  });

  it('follow a status change made through the API', async () => {
    const inactive = await total('status=inactive');
    const [someone] = await t.db.database.db
      .select({ id: users.id })
      .from(users)
      // A generated user, never the signed-in admin (deactivating signs one out).
      .where(and(eq(users.status, 'active'), eq(users.role, 'USER'), like(users.email, '%@example.com')))
      .limit(1);
    const before = await version();
    const res = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user-status',
      token: admin,
      payload: { id: someone!.id, status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    expect(await version()).toBeGreaterThan(before);
    expect(await total('status=inactive')).toBe(inactive + 1);
  });

  it('follow rows written straight into the database, and ignore a rolled-back write', async () => {
    const all = await total('page=1');
    const row = {
      email: 'count.check@example.com',
      passwordHash: 'x',
      role: 'USER',
      status: 'active',
    };
    await t.db.database.db.insert(users).values(row);
    expect(await total('page=1')).toBe(all + 1);
    await t.db.database.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ ...row, email: 'rolled.back@example.com' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await total('page=1')).toBe(all + 1);
    await t.db.database.db.delete(users).where(eq(users.email, row.email));
    expect(await total('page=1')).toBe(all);
  });

  it('are served from memory while the version stands (a write that skips the trigger goes unseen)', async () => {
    const all = await total('perPage=7');
    // session_replication_role=replica skips ordinary triggers: the one way to change users
    // without bumping the version, used here only to prove the total came from memory.
    await t.db.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(users).values({ email: 'unseen@example.com', passwordHash: 'x', role: 'USER' });
    });
    expect(await total('perPage=7')).toBe(all);
    // A filter not asked before is counted, and sees the row.
    expect(await total('perPage=7&role=USER&status=active')).toBe(
      await counted(sql`role = 'USER' and status = 'active'`),
    );
    await t.db.database.db.delete(users).where(eq(users.email, 'unseen@example.com'));
    expect(await total('perPage=7')).toBe(await counted());
  });

  it('serve deep pages (found by id first) in the same order as a plain OFFSET', async () => {
    const base = Date.parse('2025-01-01T00:00:00Z');
    await t.db.database.db.insert(users).values(
      Array.from({ length: 1100 }, (_, i) => ({
        email: `deep.${i}@example.com`,
        passwordHash: 'x',
        role: i % 3 ? 'USER' : 'MOVER',
        // Pairs share a timestamp, so the id tie-break decides their order.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    for (const [q, where, order] of [
      ['page=11&perPage=100', sql`true`, sql`created_at desc, id desc`],
      [
        'page=11&perPage=100&status=active&sort=createdAt&order=asc',
        sql`status = 'active'`,
        sql`created_at asc, id asc`,
      ],
    ] as const) {
      const want = await t.db.database.db.execute<{ id: string }>(
        sql`select id from users where ${where} order by ${order} limit 100 offset 1000`,
      );
      for (let i = 0; i < 2; i++) {
        const res = await t.call({ method: 'GET', url: `/api/AdminAccount/users?${q}`, token: admin });
        expect(res.statusCode).toBe(200);
        const rows = res.json().result as { id: string }[];
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.map((r) => r.id)).toEqual(want.rows.map((r) => r.id));
        expect(Object.keys(rows[0]!)).not.toContain('__table_version');
      }
    }
  });
});
