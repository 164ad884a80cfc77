/**
 * Lists sort text the way people read it, the same on both engines (the file is in ENGINE_SUBJECT):
 * case and accents apart, then the stored text in byte order, then the id (server/db/sort-text.ts).
 * Before, PGlite's C collation put "ann" after "Zoe" in an A-Z list, and PostgreSQL sorted by
 * whatever its database's collation was. Paging stays exact with the new key: pages past the first
 * of a versioned table start from remembered keys (server/resources/page-starts.ts), and rows
 * equal once folded ("ann", "Ann", "ANN"), even entirely equal, are neither skipped nor repeated.
 */
import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, notifications, paymentRefunds, reservations, supportTickets, users } from '../../server/db/schema';
import { deskSearch } from '../../server/modules/support/queries';
import { reservationSearch } from '../../server/modules/reservations/queries';
import { invitationSearch, memberSearch } from '../../server/modules/team/service';
import { teamInvitations } from '../../server/modules/team/tables';
import { searchCondition } from '../../server/modules/notifications/queries';
import { listOrder, listWhere } from '../../server/resources/query';
import { tableOf } from '../../server/resources/tables';
import usersResource from '../../src/resources/users/resource';
import { compareSortText } from '../../src/domain/resources/sort-text';
import { createTestApp, type TestApp } from './helpers/app';

const CONTACTS = '/api/crmmanagement/contacts';
const REPORTS = '/api/Business/reports';

let t: TestApp;
let owner: string;
let trucker: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  trucker = (await t.login('trucker@demo.test')).access;
});
afterAll(() => t.close());

interface Row {
  id: string;
  [key: string]: unknown;
}

async function list(url: string, token: string, query: Record<string, string>) {
  const res = await t.call({ method: 'GET', url, token, query });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json().result as Row[], total: Number(res.headers['x-total-count'] ?? NaN) };
}

/** Every page of a list, in page order. */
async function allPages(url: string, token: string, query: Record<string, string>, perPage: number, pages: number[]) {
  const found = new Map<number, Row[]>();
  for (const page of pages)
    found.set(page, (await list(url, token, { ...query, page: String(page), perPage: String(perPage) })).rows);
  return [...found.keys()].sort((a, b) => a - b).flatMap((page) => found.get(page)!);
}

describe('a list sorted by a text field', () => {
  it('sorts contacts A-Z and Z-A without regard to case or accents, on every page', async () => {
    const names = ['ann', 'Bob', 'Zoe', 'zed', 'Ann', 'Émile'];
    const ids: string[] = [];
    for (const [i, fullName] of names.entries()) {
      const res = await t.call({
        method: 'POST',
        url: CONTACTS,
        token: owner,
        payload: { fullName, email: `c${i}@sortcase.test`, status: 'lead' },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().result.id);
    }
    const mine = { email: 'sortcase.test' };
    const az = ['Ann', 'ann', 'Bob', 'Émile', 'zed', 'Zoe'];
    const byName = (rows: Row[]) => rows.map((r) => r.fullName);
    expect(byName((await list(CONTACTS, owner, { ...mine, sort: 'fullName', order: 'asc' })).rows)).toEqual(az);
    expect(byName((await list(CONTACTS, owner, { ...mine, sort: 'fullName', order: 'desc' })).rows)).toEqual(
      [...az].reverse(),
    );
    // The contacts' default sort is by name, A-Z.
    expect(byName((await list(CONTACTS, owner, mine)).rows)).toEqual(az);
    // Two a page: "Ann" and "ann" meet at a page's end and the next page's start.
    for (const order of ['asc', 'desc']) {
      const paged = await allPages(CONTACTS, owner, { ...mine, sort: 'fullName', order }, 2, [1, 2, 3]);
      expect(byName(paged)).toEqual(order === 'asc' ? az : [...az].reverse());
      expect(new Set(paged.map((r) => r.id)).size).toBe(az.length);
    }
    // The shared comparator (what a client or a test compares with) agrees.
    expect([...names].sort(compareSortText)).toEqual(az);
    // The CSV export and a reference picker's options read the same order.
    const csv = await t.call({ method: 'GET', url: `${CONTACTS}/export`, token: owner, query: mine });
    expect(csv.statusCode).toBe(200);
    const exported = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(exported).toEqual(az);
    const options = await t.call({
      method: 'GET',
      url: `${CONTACTS}/options`,
      token: owner,
      query: { ids: ids.join(',') },
    });
    expect(options.json().result.map((o: { label: string }) => o.label)).toEqual(az);
  });

  it('pages reports by title exactly, from remembered starts too, both directions', async () => {
    const db = t.db.database.db;
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.companyName, 'Roadline Logistics'));
    const businessId = business!.id;
    const [customer] = await db
      .insert(tableOf('customers'))
      .values({ businessId, name: 'Sorted Customer' })
      .returning();
    // Titles equal once folded, some equal outright: only the id tells those apart.
    const titles = ['ann qsort', 'Ann qsort', 'ANN qsort', 'Bob qsort', 'bob qsort', 'Émile qsort', 'emile qsort'];
    const made = await db
      .insert(tableOf('reports'))
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          businessId,
          title: titles[(i * 5) % titles.length]!,
          customerId: customer!.id as string,
          periodFrom: '2024-01-01',
          periodTo: '2024-01-31',
        })),
      )
      .returning();
    const byTitleThenId = (a: Row, b: Row) =>
      compareSortText(a.title as string, b.title as string) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const az = made.map((r) => ({ id: r.id as string, title: r.title as string })).sort(byTitleThenId);
    const perPage = 7;
    const pages = Math.ceil(az.length / perPage);
    const numbers = Array.from({ length: pages }, (_, i) => i + 1);
    for (const order of ['asc', 'desc'] as const) {
      const expected = (order === 'asc' ? az : [...az].reverse()).map((r) => `${r.title} ${r.id}`);
      const query = { query: 'qsort', sort: 'title', order };
      // Forwards (each page starts from the key the page before remembered), backwards, then at random.
      for (const walk of [numbers, [...numbers].reverse(), [4, 1, 7, 2, 6, 3, 5]]) {
        const rows = await allPages(REPORTS, trucker, query, perPage, walk);
        expect(rows.map((r) => `${r.title} ${r.id}`)).toEqual(expected);
      }
    }
  });
});

/**
 * The plan of a query when the database may not read a whole table or sort it: a text filter
 * (foldedLike) can then only be a bitmap scan of an index on the column folded exactly as the
 * filter folds it, and a sort only a walk of an index in the list's order. Before, the trigram
 * indexes held the columns unfolded and the filter folded every row (about 3 s over 100,000
 * users), and no index held the users' role or status in the text rule's order.
 */
async function planWithout(kinds: ('seqscan' | 'indexscan' | 'indexonlyscan' | 'sort')[], query: SQLWrapper) {
  return t.db.database.db.transaction(async (tx) => {
    for (const kind of kinds) await tx.execute(sql.raw(`set local enable_${kind} = off`));
    const res = await tx.execute(sql`explain ${query}`);
    return (res.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('text filters and text sorts of the users list', () => {
  const table = tableOf('users');
  const filtered = (field: string, value: string) =>
    t.db.database.db
      .select({ id: table.id! })
      .from(table)
      .where(listWhere(usersResource, table, { search: null, filters: [{ field, op: 'contains', value }] }, null));

  it('filters by email and phone through their folded trigram indexes, finding the same rows', async () => {
    for (const [field, value] of [
      ['email', 'demo.te'],
      ['phone', '555'],
    ] as const) {
      expect(await planWithout(['seqscan', 'indexscan', 'indexonlyscan'], filtered(field, value))).toMatch(
        new RegExp(`Bitmap Index Scan on users_${field}_folded_trgm`),
      );
    }
    // What the filter finds is unchanged: case and accents ignored, ASCII or not.
    const admin = (await t.login('admin@demo.test')).access;
    await t.db.database.db
      .update(users)
      .set({ email: 'josé.müller@demo.test' })
      .where(eq(users.email, 'mover@demo.test'));
    const emails = async (email: string) => {
      const res = await t.call({ method: 'GET', url: '/api/AdminAccount/users', token: admin, query: { email } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().result as Row[]).map((u) => u.email).sort();
    };
    expect(await emails('JOSE.MULLER')).toEqual(['josé.müller@demo.test']);
    expect(await emails('é.mü')).toEqual(['josé.müller@demo.test']);
    expect(await emails('ADMIN@DEMO')).toEqual(['admin@demo.test']);
    expect(await emails('%')).toEqual([]);
  });

  it('sorts by role and by status along an index, both directions', async () => {
    for (const field of ['role', 'status'])
      for (const order of ['asc', 'desc'] as const) {
        const page = t.db.database.db
          .select({ id: table.id! })
          .from(table)
          .orderBy(...listOrder(table, { field, order }))
          .limit(25);
        const plan = await planWithout(['seqscan', 'sort'], page);
        expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using users_${field}_sort_idx`));
        expect(plan, plan).not.toMatch(/Sort/);
      }
  });
});

/**
 * The searches of IT's support desk, a venue's reservations, a business's team and the
 * Notifications Center, each a bitmap scan of an index per condition (migration 0077; the team's
 * invitations since a later one), and the
 * refunds' lookups by processor refund id and pending status. Before, the desk's OR spanned the
 * ticket, its opener and its business, so support_tickets_subject_trgm (which held the subject
 * unfolded besides) was never read; reservations, team members and notifications had no index for
 * their folded search, and payment_refunds none for either lookup: each read every row.
 */
describe('list searches and refund lookups read their indexes', () => {
  const ids = (table: PgTable & { id: SQLWrapper }, where: SQL) =>
    t.db.database.db
      .select({ id: sql`${table.id}` })
      .from(table)
      .where(where);
  const bitmapScans = async (query: SQLWrapper) => {
    const plan = await planWithout(['seqscan', 'indexscan', 'indexonlyscan'], query);
    return { plan, scans: [...plan.matchAll(/Bitmap Index Scan on (\w+)/g)].map((m) => m[1]).sort() };
  };

  it("IT's desk: the subject, the opener's email and name, the business's name and the number", async () => {
    const { plan, scans } = await bitmapScans(ids(supportTickets, deskSearch('wifi')));
    expect(scans, plan).toEqual([
      'businesses_company_name_folded_trgm',
      'support_tickets_business_idx',
      'support_tickets_opener_idx',
      'support_tickets_subject_folded_trgm',
      'users_email_folded_trgm',
      'users_name_folded_trgm',
    ]);
    expect((await bitmapScans(ids(supportTickets, deskSearch('#1042')))).scans).toContain('support_tickets_number_idx');
  });

  it("a venue's reservations: the guest's name, email and phone, and the pass code", async () => {
    const { plan, scans } = await bitmapScans(ids(reservations, reservationSearch('jose')));
    expect(scans, plan).toEqual([
      'reservations_code_trgm',
      'reservations_guest_email_folded_trgm',
      'reservations_guest_name_folded_trgm',
      'reservations_guest_phone_trgm',
    ]);
    // A phone typed as the list shows it adds its digits against the stored number: that index again.
    expect((await bitmapScans(ids(reservations, reservationSearch('(202) 555-0143')))).scans).toEqual([
      'reservations_code_trgm',
      'reservations_guest_email_folded_trgm',
      'reservations_guest_name_folded_trgm',
      'reservations_guest_phone_trgm',
      'reservations_guest_phone_trgm',
    ]);
  });

  it("a business's team: its members' name and email, and its invitations' to existing accounts", async () => {
    const { plan, scans } = await bitmapScans(ids(users, memberSearch('muller')));
    expect(scans, plan).toEqual(['users_email_folded_trgm', 'users_name_folded_trgm']);
    // Listed with the members (team/service.ts listMembers); before, no index held them folded.
    const invited = await bitmapScans(ids(teamInvitations, invitationSearch('muller')));
    expect(invited.scans, invited.plan).toEqual([
      'team_invitations_email_folded_trgm',
      'team_invitations_name_folded_trgm',
    ]);
  });

  it("the Notifications Center, as an English reader's: the title and the message", async () => {
    const { plan, scans } = await bitmapScans(ids(notifications, searchCondition('en', 'reunion')));
    expect(scans, plan).toEqual(['notifications_message_folded_trgm', 'notifications_title_folded_trgm']);
  });

  it("payment refunds by the processor's refund id, and the pending ones oldest first", async () => {
    const byId = await planWithout(['seqscan'], ids(paymentRefunds, eq(paymentRefunds.processorRefundId, 're_1')));
    expect(byId, byId).toMatch(/(Index|Bitmap Index) Scan (using|on) payment_refunds_processor_refund_idx/);
    const pending = await planWithout(
      ['seqscan', 'sort'],
      ids(paymentRefunds, eq(paymentRefunds.status, 'pending')).orderBy(asc(paymentRefunds.createdAt)).limit(100),
    );
    expect(pending, pending).toMatch(/Index Scan using payment_refunds_pending_idx/);
    expect(pending, pending).not.toMatch(/Sort/);
  });
});
