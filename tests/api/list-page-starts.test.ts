/**
 * Pages past the first start from a remembered key (server/resources/page-starts.ts) and still
 * answer exactly what a plain ORDER BY … OFFSET answers: paging forwards, back and at random,
 * with ties on the sort value, both directions, a filter, timestamps with microseconds, and
 * through changes made through the API, straight in the database and rolled back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { businesses } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';

const REPORTS = '/api/Business/reports';
const PER_PAGE = 7;

let t: TestApp;
let trucker: string;
let admin: string;
let businessId: string;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  trucker = (await t.login('trucker@demo.test')).access;
  admin = (await t.login('admin@demo.test')).access;
  const db = t.db.database.db;
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.companyName, 'Roadline Logistics'));
  businessId = business!.id;
  const [customer] = await db.insert(tableOf('customers')).values({ businessId, name: 'Paging Customer' }).returning();
  customerId = customer!.id as string;
  // Three reports per period start: the id decides their order.
  await db.insert(tableOf('reports')).values(
    Array.from({ length: 60 }, (_, i) => ({
      businessId,
      title: `Paged ${i}`,
      customerId,
      periodFrom: `2024-${String(1 + (Math.floor(i / 3) % 12)).padStart(2, '0')}-${String(1 + Math.floor(i / 36)).padStart(2, '0')}`,
      periodTo: '2025-12-31',
      status: i % 4 ? 'open' : 'closed',
    })),
  );
});
afterAll(() => t.close());

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** The page's ids as the API answers them. */
async function apiPage(url: string, token: string, page: number) {
  const res = await t.call({
    method: 'GET',
    url: `${url}${url.includes('?') ? '&' : '?'}page=${page}&perPage=${PER_PAGE}`,
    token,
  });
  expect(res.statusCode).toBe(200);
  return ids(res.json().result);
}

/** The same page by OFFSET, straight from the database. */
async function offsetPage(table: string, where: SQL, order: SQL, page: number) {
  const found = await t.db.database.db.execute<{ id: string }>(
    sql`select id from ${sql.identifier(table)} where ${where} order by ${order} limit ${PER_PAGE} offset ${(page - 1) * PER_PAGE}`,
  );
  return ids(found.rows);
}

async function pageCount(table: string, where: SQL) {
  const found = await t.db.database.db.execute<{ n: string }>(
    sql`select count(*)::text as n from ${sql.identifier(table)} where ${where}`,
  );
  return Math.ceil(Number(found.rows[0]!.n) / PER_PAGE);
}

/**
 * Every page backwards, forwards, then in a shuffled order: each equal to its OFFSET page. Backwards
 * first, so that after a change each page is asked with the start it had before (paging forwards
 * would refresh each page's start from the page before it).
 */
async function expectEveryPage(url: string, token: string, table: string, where: SQL, order: SQL) {
  const pages = await pageCount(table, where);
  expect(pages).toBeGreaterThan(3);
  const numbers = Array.from({ length: pages + 1 }, (_, i) => i + 1); // and one past the end
  const shuffled = [...numbers].sort((a, b) => ((a * 7919) % 13) - ((b * 7919) % 13));
  for (const page of [...[...numbers].reverse(), ...numbers, ...shuffled]) {
    expect(await apiPage(url, token, page), `page ${page}`).toEqual(await offsetPage(table, where, order, page));
  }
}

const mine = () => sql`business_id = ${businessId}`;

describe('remembered page starts', () => {
  it('answer every page of reports as OFFSET does, both directions and with a filter', async () => {
    await expectEveryPage(REPORTS, trucker, 'fleet_reports', mine(), sql`period_from desc, id desc`);
    await expectEveryPage(
      `${REPORTS}?sort=periodFrom&order=asc`,
      trucker,
      'fleet_reports',
      mine(),
      sql`period_from asc, id asc`,
    );
    await expectEveryPage(
      `${REPORTS}?status=open`,
      trucker,
      'fleet_reports',
      sql`${mine()} and status = 'open'`,
      sql`period_from desc, id desc`,
    );
  });

  it('follow changes through the API, straight in the database and not a rolled-back one', async () => {
    const order = sql`period_from desc, id desc`;
    await expectEveryPage(REPORTS, trucker, 'fleet_reports', mine(), order);
    // A report that sorts into the middle shifts every later page by one.
    const added = await t.call({
      method: 'POST',
      url: REPORTS,
      token: trucker,
      payload: { title: 'Shifts pages', customerId, periodFrom: '2024-06-15', periodTo: '2025-01-15' },
    });
    expect(added.statusCode).toBe(200);
    await expectEveryPage(REPORTS, trucker, 'fleet_reports', mine(), order);
    const reports = tableOf('reports');
    await t.db.database.db.delete(reports).where(eq(reports.id!, added.json().result.id));
    await expectEveryPage(REPORTS, trucker, 'fleet_reports', mine(), order);
    await t.db.database.db
      .transaction(async (tx) => {
        await tx.insert(reports).values({
          businessId,
          title: 'Rolled back',
          customerId,
          periodFrom: '2024-06-20',
          periodTo: '2025-01-20',
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await expectEveryPage(REPORTS, trucker, 'fleet_reports', mine(), order);
  });

  it('are what serves a page asked before (a write that skips the version trigger goes unseen)', async () => {
    const order = sql`period_from desc, id desc`;
    const before = await apiPage(REPORTS, trucker, 3);
    // session_replication_role=replica skips ordinary triggers: the one way to change reports
    // without bumping the version, used here only to prove page 3 started from its remembered key.
    await t.db.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(tableOf('reports')).values({
        businessId,
        title: 'Unseen',
        customerId,
        periodFrom: '2099-01-01',
        periodTo: '2099-01-31',
      });
    });
    expect(await apiPage(REPORTS, trucker, 3)).toEqual(before);
    expect(await offsetPage('fleet_reports', mine(), order, 3)).not.toEqual(before);
    const reports = tableOf('reports');
    await t.db.database.db.delete(reports).where(eq(reports.title!, 'Unseen'));
    expect(await apiPage(REPORTS, trucker, 3)).toEqual(await offsetPage('fleet_reports', mine(), order, 3));
  });

  it('keep timestamps to the microsecond (users by creation, pairs created in the same millisecond)', async () => {
    await t.db.database.db.execute(
      sql`insert into users (email, password_hash, role, created_at)
          select 'micro.' || n || '@example.com', 'x', 'USER',
                 timestamp '2025-03-01 10:00:00' + (n / 2) * interval '1 millisecond' + (n % 2) * interval '1 microsecond'
          from generate_series(1, 40) as n`,
    );
    await expectEveryPage('/api/AdminAccount/users', admin, 'users', sql`true`, sql`created_at desc, id desc`);
    await expectEveryPage(
      '/api/AdminAccount/users?sort=createdAt&order=asc',
      admin,
      'users',
      sql`true`,
      sql`created_at asc, id asc`,
    );
  });
});
