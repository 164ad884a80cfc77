/**
 * Two people editing one record served by a hand-written update (users, senders): like the
 * engine's (docs/adding-a-resource.md, "Two people editing one record"), an edit that sends the
 * `updatedAt` it was made from is written only if nobody saved the record since; otherwise 409
 * recordChangedMeanwhile and nothing is written. Before, the last save won there. The interleaving
 * "both read, one saves, the other saves" is forced through the routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { markPaidByLink } from '../../server/modules/invoices/invoice-service';
import type { PaidLink } from '../../server/modules/payments';
import { tableOf } from '../../server/resources/tables';
import { MESSAGES } from '../../src/domain/messages';
import { endpointOf, recordUrl } from '../../src/domain/resources/endpoints';
import { invoices, senders } from '../../src/resources/declared';
import { createTestApp, lastCode, type TestApp } from './helpers/app';

const RUN = Date.now().toString(36);
let t: TestApp;
let admin: string;
let owner: string;
let mover: string;

const auditCount = async (id: string) =>
  (await t.db.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.recordId, id)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  admin = (await t.login('admin@demo.test')).access;
  owner = (await t.login('clubowner@demo.test')).access;
  mover = (await t.login('mover@demo.test')).access;
});

/**
 * The record as saved in this very millisecond (the test's clock stands still): its `updatedAt`
 * set to now, and read back as an edit form would open it.
 */
async function savedJustNow(resource: typeof senders | typeof invoices, id: string, token: string) {
  const table = tableOf(resource.name);
  const url = recordUrl(endpointOf(resource, 'show'), id);
  await t.db.database.db
    .update(table)
    .set({ updatedAt: new Date(t.clock.now) })
    .where(eq(table.id!, id));
  const opened = await t.call({ method: 'GET', url, token });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().result as { id: string; updatedAt: string };
}
afterAll(() => t.close());

describe('the users admin screen', () => {
  const patch = (payload: object) => t.call({ method: 'PATCH', url: '/api/AdminAccount/user', token: admin, payload });

  it('the first save wins; the second, made from the same version, answers 409 and writes nothing', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/api/AdminAccount/add-user',
      token: admin,
      payload: {
        email: `twice.${RUN}@example.com`,
        firstName: 'Ann',
        lastName: 'Lee',
        role: 'USER',
        password: 'Str0ng!pass',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const opened = made.json().result as { id: string; updatedAt: string };

    const first = await patch({ id: opened.id, firstName: 'Anna', updatedAt: opened.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.updatedAt).not.toBe(opened.updatedAt);
    const audits = await auditCount(opened.id);

    const second = await patch({ id: opened.id, lastName: 'Stale', updatedAt: opened.updatedAt });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(MESSAGES.recordChangedMeanwhile);
    const now = await t.call({ method: 'GET', url: `/api/AdminAccount/user?id=${opened.id}`, token: admin });
    expect(now.json().result).toMatchObject({ firstName: 'Anna', lastName: 'Lee', name: 'Anna Lee' });
    expect(await auditCount(opened.id)).toBe(audits);

    // Made again from what the account is now, it is written; without a version, as before.
    const again = await patch({ id: opened.id, lastName: 'Fresh', updatedAt: now.json().result.updatedAt });
    expect(again.statusCode, again.body).toBe(200);
    expect((await patch({ id: opened.id, phone: '(202) 555-0143' })).statusCode).toBe(200);
    expect((await patch({ id: opened.id, lastName: 'X', updatedAt: 'yesterday' })).json().errors).toEqual({
      updatedAt: MESSAGES.invalidValue,
    });
  });

  it('the 409 comes before the field rules, as the engine answers: a stale edit with a wrong value is told the account moved on', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/api/AdminAccount/add-user',
      token: admin,
      payload: {
        email: `stale.${RUN}@example.com`,
        firstName: 'Bo',
        lastName: 'Lee',
        role: 'USER',
        password: 'Str0ng!pass',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const opened = made.json().result as { id: string; updatedAt: string };
    expect((await patch({ id: opened.id, firstName: 'Bob', updatedAt: opened.updatedAt })).statusCode).toBe(200);
    const stale = await patch({ id: opened.id, email: 'not an email', updatedAt: opened.updatedAt });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(MESSAGES.recordChangedMeanwhile);
    // From the version it is now, the same value is refused on its field.
    const now = await t.call({ method: 'GET', url: `/api/AdminAccount/user?id=${opened.id}`, token: admin });
    const fresh = await patch({ id: opened.id, email: 'not an email', updatedAt: now.json().result.updatedAt });
    expect(fresh.statusCode, fresh.body).toBe(400);
    expect(fresh.json().errors).toEqual({ email: MESSAGES.emailInvalid });
  });
});

describe('senders', () => {
  const put = (payload: object) => t.call({ method: 'PUT', url: '/api/crmmanagement/senders', token: owner, payload });

  it('the first save wins; the second, made from the same version, answers 409 and writes nothing', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/senders',
      token: owner,
      payload: { displayName: 'Front desk', address: `desk.${RUN}@versions-${RUN}.example.com` },
    });
    expect(made.statusCode, made.body).toBe(200);
    const opened = made.json().result as { id: string; updatedAt: string };

    const first = await put({ id: opened.id, displayName: 'Box office', updatedAt: opened.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    const audits = await auditCount(opened.id);

    const second = await put({ id: opened.id, displayName: 'Stale desk', updatedAt: opened.updatedAt });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(MESSAGES.recordChangedMeanwhile);
    expect(await auditCount(opened.id)).toBe(audits);

    const again = await put({ id: opened.id, displayName: 'Tickets', updatedAt: first.json().result.updatedAt });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.displayName).toBe('Tickets');
    expect((await put({ id: opened.id, displayName: 'Blind' })).statusCode).toBe(200);
  });
});

/**
 * A status move written beside the edit form (a sender verified by its code, an invoice sent or
 * paid through its link) is a new version even in the millisecond of the last save: the form
 * opened before it answers 409 instead of writing over a record that moved on. Before, the move
 * set `updatedAt` to now, the version the form held.
 */
describe('moves outside the edit form are new versions', () => {
  it('a sender verified by its code', async () => {
    const address = `moved.${RUN}@gmail.test`;
    const made = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/senders',
      token: owner,
      payload: { displayName: 'Doors', address },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().result.id as string;
    const opened = await savedJustNow(senders, id, owner);
    const verified = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/senders/verify',
      token: owner,
      payload: { senderId: id, code: lastCode(t.mailLog, address) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(Date.parse(verified.json().result.updatedAt)).toBeGreaterThan(Date.parse(opened.updatedAt));
    const stale = await t.call({
      method: 'PUT',
      url: '/api/crmmanagement/senders',
      token: owner,
      payload: { id, displayName: 'Stale doors', updatedAt: opened.updatedAt },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(MESSAGES.recordChangedMeanwhile);
  });

  it('an invoice sent, and paid through its link', async () => {
    const API = '/api/Business/invoices';
    const made = await t.call({
      method: 'POST',
      url: API,
      token: mover,
      payload: {
        customerName: 'Dana Customer',
        customerEmail: 'dana@example.com',
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        lines: [{ description: 'Packing', quantity: 3, unitPriceCents: 1999, taxRate: 0 }],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().result.id as string;
    const opened = await savedJustNow(invoices, id, mover);
    const sent = await t.call({ method: 'POST', url: `${API}/${id}/send`, token: mover });
    expect(sent.statusCode, sent.body).toBe(200);
    const stale = await t.call({
      method: 'PATCH',
      url: `${API}/${id}`,
      token: mover,
      payload: { notes: 'From the open form', updatedAt: opened.updatedAt },
    });
    expect(stale.statusCode, stale.body).toBe(409);

    // Paid online in the millisecond of the send: one version more again.
    const table = tableOf('invoices');
    const db = t.db.database.db;
    await db
      .update(table)
      .set({ payLinkToken: `paid-${RUN}` })
      .where(eq(table.id!, id));
    const [before] = await db.select({ updatedAt: table.updatedAt! }).from(table).where(eq(table.id!, id));
    await db.transaction((tx) =>
      markPaidByLink(tx, { publicToken: `paid-${RUN}` } as PaidLink, before!.updatedAt as Date),
    );
    const [after] = await db
      .select({ status: table.status!, updatedAt: table.updatedAt! })
      .from(table)
      .where(eq(table.id!, id));
    expect(after!.status).toBe('paid');
    expect((after!.updatedAt as Date).getTime()).toBeGreaterThan((before!.updatedAt as Date).getTime());
  });
});
