/**
 * Two people editing one record of a declared resource (docs/adding-a-resource.md, "Two people
 * editing one record"): an edit that sends the `updatedAt` it was made from is written only if
 * nobody saved the record since; otherwise 409 recordChangedMeanwhile and nothing is written. An
 * edit without it (older clients, API scripts) and bulk actions are written as before.
 *
 * Shown on contacts (a tenant resource of the CRM) and invoices (lines in their own table, a
 * state), on both engines: the interleaving "read, someone saves, write" is forced through the
 * engine's update service with the record as first read; on PostgreSQL also through the route,
 * held at the row lock while another transaction saves and commits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLog, businesses, users } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { updateRecord } from '../../server/resources/update-record';
import { contacts, invoices } from '../../src/resources/declared';
import { endpointOf, extraPaths, recordUrl } from '../../src/domain/resources/endpoints';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';
import { pgUrl } from './helpers/database';

const RUN = Date.now().toString(36);
let t: TestApp;
let owner: string; // clubowner@demo.test: contacts
let ownerId: string;
let ownerBusiness: string;
let mover: string; // mover@demo.test: invoices
let trucker: string;
let foreignContact: { id: string; updatedAt: string };

type Rec = Record<string, unknown> & { id: string; updatedAt: string };
const createUrl = (r: ResourceDeclaration) => endpointOf(r, 'create').path;
const oneUrl = (r: ResourceDeclaration, id: string) => recordUrl(endpointOf(r, 'show'), id);
const updateOf = (r: ResourceDeclaration, id: string, token: string, payload: object) =>
  t.call({ method: endpointOf(r, 'update').method, url: recordUrl(endpointOf(r, 'update'), id), token, payload });

async function newContact(name: string): Promise<Rec> {
  const res = await t.call({ method: 'POST', url: createUrl(contacts), token: owner, payload: { fullName: name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}
async function read(r: ResourceDeclaration, id: string, token: string): Promise<Rec> {
  const res = await t.call({ method: 'GET', url: oneUrl(r, id), token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}
const auditCount = async (id: string) =>
  (await t.db.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.recordId, id)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  mover = (await t.login('mover@demo.test')).access;
  trucker = (await t.login('trucker@demo.test')).access;
  const db = t.db.database.db;
  const [me] = await db
    .select({ id: users.id, businessId: users.businessId })
    .from(users)
    .where(eq(users.email, 'clubowner@demo.test'));
  ownerId = me!.id;
  ownerBusiness = me!.businessId!;
  // Another business's contact, put there behind the API's back.
  const [other] = await db
    .insert(businesses)
    .values({ companyName: `Other ${RUN}` })
    .returning();
  const [theirs] = await db
    .insert(tableOf('contacts'))
    .values({ businessId: other!.id, fullName: 'Not Yours', status: 'lead' })
    .returning();
  foreignContact = { id: theirs!.id as string, updatedAt: (theirs!.updatedAt as Date).toISOString() };
});
afterAll(() => t.close());

describe('an edit names the version it was made from', () => {
  it('the first save wins; the second, made from the same version, answers 409 and writes nothing', async () => {
    const c = await newContact(`Ann ${RUN}`);
    const first = await updateOf(contacts, c.id, owner, { phone: '(202) 555-0143', updatedAt: c.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    // A new version, though the test's clock has not moved (each save moves it on by at least 1 ms).
    expect(first.json().result.updatedAt).not.toBe(c.updatedAt);
    const audits = await auditCount(c.id);

    const second = await updateOf(contacts, c.id, owner, { notes: 'From the other tab', updatedAt: c.updatedAt });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(MESSAGES.recordChangedMeanwhile);
    const after = await read(contacts, c.id, owner);
    expect(after).toMatchObject({ phone: '+12025550143', notes: null, updatedAt: first.json().result.updatedAt });
    expect(await auditCount(c.id)).toBe(audits);

    // Made again from what the record is now, it is written.
    const again = await updateOf(contacts, c.id, owner, { notes: 'From the other tab', updatedAt: after.updatedAt });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toMatchObject({ phone: '+12025550143', notes: 'From the other tab' });
  });

  it('the 409 comes before the field rules: a stale edit is told the record moved on, not that its values are wrong', async () => {
    const c = await newContact(`Bea ${RUN}`);
    expect((await updateOf(contacts, c.id, owner, { tags: 'vip', updatedAt: c.updatedAt })).statusCode).toBe(200);
    const stale = await updateOf(contacts, c.id, owner, { fullName: 'B', updatedAt: c.updatedAt });
    expect(stale.statusCode, stale.body).toBe(409);
  });

  it('without a version (older clients, API scripts) the edit is written as before: the last save wins', async () => {
    const c = await newContact(`Cid ${RUN}`);
    const fresh = await updateOf(contacts, c.id, owner, { tags: 'a', updatedAt: c.updatedAt });
    expect(fresh.statusCode).toBe(200);
    const blind = await updateOf(contacts, c.id, owner, { tags: 'b' });
    expect(blind.statusCode, blind.body).toBe(200);
    // An empty version (a multipart body's empty part) and null are no version either.
    expect((await updateOf(contacts, c.id, owner, { tags: 'c', updatedAt: '' })).statusCode).toBe(200);
    expect((await updateOf(contacts, c.id, owner, { tags: 'd', updatedAt: null })).statusCode).toBe(200);
    expect((await read(contacts, c.id, owner)).tags).toBe('d');
  });

  it('a version that is not a timestamp is a 400 on the key, never a silent overwrite', async () => {
    const c = await newContact(`Dee ${RUN}`);
    for (const updatedAt of ['yesterday', 12, '2026-13-45T99:00:00Z', ['2026-11-30T12:00:00.000Z']]) {
      const res = await updateOf(contacts, c.id, owner, { tags: 'x', updatedAt });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ updatedAt: MESSAGES.invalidValue });
    }
    expect((await read(contacts, c.id, owner)).tags).toBeNull();
  });

  it('a bulk action (no version) is written and moves the version on: an editor who opened the record before gets 409', async () => {
    const c = await newContact(`Eve ${RUN}`);
    const bulk = await t.call({
      method: 'POST',
      url: extraPaths(contacts).bulkAction,
      token: owner,
      payload: { action: 'markCustomer', ids: [c.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const stale = await updateOf(contacts, c.id, owner, {
      notes: 'typed before the bulk action',
      updatedAt: c.updatedAt,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await read(contacts, c.id, owner)).toMatchObject({ status: 'customer', notes: null });
  });

  it('another business’s record still answers 404, and another role 403, version or not', async () => {
    const theirs = await updateOf(contacts, foreignContact.id, owner, {
      fullName: 'Taken over',
      updatedAt: foreignContact.updatedAt,
    });
    expect(theirs.statusCode, theirs.body).toBe(404);
    const stale = await updateOf(contacts, foreignContact.id, owner, {
      fullName: 'Taken over',
      updatedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode, stale.body).toBe(404);
    const c = await newContact(`Fay ${RUN}`);
    const role = await updateOf(contacts, c.id, trucker, { fullName: 'Fleet', updatedAt: c.updatedAt });
    expect(role.statusCode, role.body).toBe(403);
    const [row] = await t.db.database.db
      .select({ fullName: tableOf('contacts').fullName! })
      .from(tableOf('contacts'))
      .where(eq(tableOf('contacts').id!, foreignContact.id));
    expect(row!.fullName).toBe('Not Yours');
  });
});

describe('read, someone saves, then write (forced on both engines)', () => {
  it('the engine’s update with the record as first read answers 409 at the row lock, and the other save stands', async () => {
    const c = await newContact(`Gus ${RUN}`);
    const db = t.db.database.db;
    const table = tableOf('contacts');
    // As the route read it, before the other save.
    const [before] = await db.select().from(table).where(eq(table.id!, c.id));
    const other = await updateOf(contacts, c.id, owner, { tags: 'theirs', updatedAt: c.updatedAt });
    expect(other.statusCode).toBe(200);
    const author = { role: 'CLUBOWNER' as const, businessId: ownerBusiness, userId: ownerId };
    await expect(
      updateRecord(t.app, contacts, before!, { tags: 'mine' }, author, { version: c.updatedAt }),
    ).rejects.toMatchObject({ statusCode: 409, message: MESSAGES.recordChangedMeanwhile });
    expect((await read(contacts, c.id, owner)).tags).toBe('theirs');
  });

  it('two edits of one version sent at once, 6 times: one is written, the other answers 409', async () => {
    for (let i = 0; i < 6; i++) {
      const c = await newContact(`Hal ${i} ${RUN}`);
      const [a, b] = await Promise.all([
        updateOf(contacts, c.id, owner, { tags: `a${i}`, updatedAt: c.updatedAt }),
        updateOf(contacts, c.id, owner, { notes: `b${i}`, updatedAt: c.updatedAt }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
      const after = await read(contacts, c.id, owner);
      // Exactly the winner's change: the loser's is nowhere.
      if (a.statusCode === 200) expect(after).toMatchObject({ tags: `a${i}`, notes: null });
      else expect(after).toMatchObject({ tags: null, notes: `b${i}` });
    }
  });

  it('invoices: a stale edit of the name leaves the lines and the name as the first save wrote them', async () => {
    const created = await t.call({
      method: 'POST',
      url: createUrl(invoices),
      token: mover,
      payload: {
        customerName: 'Dana Customer',
        customerEmail: 'dana@example.com',
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        lines: [{ description: 'Packing', quantity: 3, unitPriceCents: 1999, taxRate: 8.25 }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const inv = created.json().result as Rec;
    const lines = [{ description: 'Packing, 2 more hours', quantity: 5, unitPriceCents: 1999, taxRate: 8.25 }];
    const first = await updateOf(invoices, inv.id, mover, { lines, updatedAt: inv.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    const second = await updateOf(invoices, inv.id, mover, { customerName: 'Dana Other', updatedAt: inv.updatedAt });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(MESSAGES.recordChangedMeanwhile);
    const after = await read(invoices, inv.id, mover);
    expect(after.customerName).toBe('Dana Customer');
    expect(after.lines).toMatchObject([{ description: 'Packing, 2 more hours', quantity: 5 }]);
    // The same through the service, read before the first save: the lock's check, not the early one.
    const [before] = await t.db.database.db
      .select()
      .from(tableOf('invoices'))
      .where(and(eq(tableOf('invoices').id!, inv.id)));
    const moved = await updateOf(invoices, inv.id, mover, { customerName: 'Dana Third', updatedAt: after.updatedAt });
    expect(moved.statusCode, moved.body).toBe(200);
    const [me] = await t.db.database.db
      .select({ id: users.id, businessId: users.businessId })
      .from(users)
      .where(eq(users.email, 'mover@demo.test'));
    await expect(
      updateRecord(
        t.app,
        invoices,
        before!,
        { customerName: 'Dana Stale' },
        { role: 'MOVER', businessId: me!.businessId!, userId: me!.id },
        { version: after.updatedAt },
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await read(invoices, inv.id, mover)).customerName).toBe('Dana Third');
  });
});

describe.skipIf(!pgUrl())('held at the row lock (PostgreSQL)', () => {
  it('an edit waiting for the row while another transaction saves it: 409 once that commits, and that save stands', async () => {
    const c = await newContact(`Ivy ${RUN}`);
    const { db } = t.app.ctx.database;
    const table = tableOf('contacts');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another save, as the engine writes one: the row locked, changed, its version moved on.
    const other = db.transaction(async (tx) => {
      await tx.select({ id: table.id! }).from(table).where(eq(table.id!, c.id)).for('update');
      locked();
      await held;
      await tx
        .update(table)
        .set({ tags: 'theirs', updatedAt: sql`${table.updatedAt!} + interval '1 second'` })
        .where(eq(table.id!, c.id));
    });
    await isLocked;
    const mine = updateOf(contacts, c.id, owner, { notes: 'mine', updatedAt: c.updatedAt });
    try {
      // The edit has read the record (still at its version) and waits for the row's lock.
      for (;;) {
        const [row] = (
          await db.execute<{ waiting: number }>(
            sql`select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows;
        if (row && row.waiting > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      release();
      await other;
    }
    const res = await mine;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(MESSAGES.recordChangedMeanwhile);
    expect(await read(contacts, c.id, owner)).toMatchObject({ tags: 'theirs', notes: null });
  });
});
