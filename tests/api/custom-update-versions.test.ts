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
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';

const RUN = Date.now().toString(36);
let t: TestApp;
let admin: string;
let owner: string;

const auditCount = async (id: string) =>
  (await t.db.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.recordId, id)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  admin = (await t.login('admin@demo.test')).access;
  owner = (await t.login('clubowner@demo.test')).access;
});
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
