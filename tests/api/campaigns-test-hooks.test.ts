/**
 * The campaigns' test hook (server/modules/campaigns/test-hooks.ts), on only with TEST_HOOKS: it
 * is absent from a server without it, refuses other roles and another business's campaign as
 * every campaign route does, and moves one campaign's start back so its A/B wait is over at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { addContacts, businessOf, template, verifiedSender } from './helpers/campaigns';

const RUN = Date.now().toString(36);
const BASE = '/api/Campaign/campaigns';
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, testHooks: true });
  owner = (await t.login('clubowner@demo.test')).access;
});
afterAll(() => t.close());

describe('campaign test hooks', () => {
  it('is not there without TEST_HOOKS', async () => {
    const plain = await createTestApp({ rateLimit: { enabled: false } });
    try {
      const token = (await plain.login('clubowner@demo.test')).access;
      const res = await plain.call({
        method: 'POST',
        url: `${BASE}/00000000-0000-4000-8000-000000000000/test-elapse`,
        token,
        payload: { hours: 1 },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).not.toBe('Campaign not found');
    } finally {
      await plain.close();
    }
  });

  it('ages one campaign of the caller’s business; other roles and businesses are refused', async () => {
    const business = await businessOf(t, 'clubowner@demo.test');
    const sender = await verifiedSender(t, owner, `news-${RUN}@gmail.test`);
    const tpl = await template(t, owner, `Hook ${RUN}`, 'Hook', 'Hello');
    await addContacts(
      t,
      business,
      ['a', 'b', 'c', 'd'].map((x) => ({ fullName: `Hook ${x}`, email: `${x}-${RUN}@example.com`, tags: RUN })),
    );
    const made = await t.call({
      method: 'POST',
      url: BASE,
      token: owner,
      payload: {
        name: `Hook ${RUN}`,
        senderId: sender,
        templateId: tpl,
        subject: 'Subject A',
        subjectB: 'Subject B',
        abPercent: 50,
        abWaitHours: 3,
        segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: RUN }] },
        hourlyCap: null,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().result.id as string;
    const elapse = (payload: object, token = owner, campaign = id) =>
      t.call({ method: 'POST', url: `${BASE}/${campaign}/test-elapse`, token, payload });

    const user = (await t.login('user@demo.test')).access;
    expect((await elapse({ hours: 3 }, user)).statusCode).toBe(403);
    expect((await elapse({ hours: 0 })).statusCode).toBe(400);
    const other = await businessOf(t, 'user@demo.test');
    const [theirs] = await t.app.ctx.database.db
      .insert(campaigns)
      .values({
        businessId: other,
        name: 'theirs',
        senderId: sender,
        templateId: tpl,
        subject: 's',
        segment: {} as never,
      })
      .returning({ id: campaigns.id });
    expect((await elapse({ hours: 3 }, owner, theirs!.id)).statusCode).toBe(404);

    expect(
      (await t.call({ method: 'POST', url: `${BASE}/${id}/schedule`, token: owner, payload: { mode: 'now' } }))
        .statusCode,
    ).toBe(200);
    const started = async () => (await t.app.ctx.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
    for (let i = 0; i < 200 && !(await started()).startedAt; i++) await new Promise((r) => setTimeout(r, 25));
    const before = (await started()).startedAt!.getTime();
    expect((await elapse({ hours: 3 })).statusCode).toBe(200);
    expect((await started()).startedAt!.getTime()).toBe(before - 3 * 3_600_000);
    // The queue's loop, woken by the hook, chooses the winner (a tie: A) and sends the held rest.
    let row = await started();
    for (let i = 0; i < 400 && row.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      row = await started();
    }
    expect(row).toMatchObject({ status: 'sent', abWinner: 'a' });
  });
});
