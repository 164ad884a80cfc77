/**
 * The queue's loop wakes for work, not every second (server/modules/campaigns/runner.ts,
 * docs/email-campaigns.md): idle, it waits the safety pass's SAFETY_MS; it knows the next
 * scheduled start and the next A/B decision and wakes then, without being woken; a campaign
 * another process scheduled (a row written straight to the database) is found by the next pass.
 * The test's clock stands still unless moved, so the waits read here are exact.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { campaigns } from '../../server/db/schema';
import { queueWait, SAFETY_MS, wakeQueue } from '../../server/modules/campaigns';
import type { TestApp } from './helpers/app';
import { addContacts, campaignStart } from './helpers/campaigns';

const RUN = Date.now().toString(36);
const HOUR = 3_600_000;
let t: TestApp;
let owner: string;
let business: string;
let sender: string;
let tpl: string;

beforeAll(async () => {
  ({ t, owner, business, sender, tpl } = await campaignStart(`loop-${RUN}`, `Loop ${RUN}`));
  await addContacts(t, business, [{ fullName: 'Ada Loop', email: `ada-${RUN}@example.com`, tags: `loop${RUN}` }]);
  // The seed's demo campaigns are sent; anything else still waiting in the copy is set aside.
  await t.app.ctx.database.db
    .update(campaigns)
    .set({ status: 'cancelled' })
    .where(inArray(campaigns.status, ['scheduled', 'sending']));
});
afterAll(() => t.close());

/** A draft to the test's one contact, its fields set straight in the table (as another process would). */
let made = 0;
async function campaign(over: Partial<typeof campaigns.$inferInsert>) {
  const res = await t.call({
    method: 'POST',
    url: '/api/Campaign/campaigns',
    token: owner,
    payload: {
      name: `Loop ${RUN} ${++made}`,
      senderId: sender,
      templateId: tpl,
      subject: 'Subject A',
      segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: `loop${RUN}` }] },
      hourlyCap: null,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().result.id as string;
  await t.app.ctx.database.db
    .update(campaigns)
    .set({ templateVersion: 1, ...over })
    .where(eq(campaigns.id, id));
  return id;
}
const statusOf = async (id: string) =>
  (await t.app.ctx.database.db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]!.s;
/** The wait the loop armed after the pass that follows a wake. */
async function waitAfterWake() {
  wakeQueue(t.app);
  await vi.waitFor(() => expect(queueWait(t.app)).not.toBeNull(), { timeout: 20_000 });
  return queueWait(t.app)!;
}

describe('the campaign queue loop', () => {
  it('idle, waits the safety pass rather than a second', async () => {
    expect(await waitAfterWake()).toBe(SAFETY_MS);
  });

  it('wakes at the next scheduled start it knows of and sends, without a wake', async () => {
    const id = await campaign({ status: 'scheduled', scheduledAt: new Date(t.clock.now + 2_000) });
    expect(await waitAfterWake()).toBe(2_000);
    t.clock.advance(2_000);
    // Well inside SAFETY_MS: the timer armed for the start did it, not the safety pass.
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('sent'), { timeout: 20_000, interval: 200 });
    await vi.waitFor(() => expect(queueWait(t.app)).toBe(SAFETY_MS), { timeout: 20_000 });
  });

  it('wakes at the next A/B decision it knows of', async () => {
    const id = await campaign({
      status: 'sending',
      subjectB: 'Subject B',
      abPercent: 20,
      abWaitHours: 2,
      startedAt: new Date(t.clock.now - 2 * HOUR + 3_000),
    });
    expect(await waitAfterWake()).toBe(3_000);
    await t.app.ctx.database.db.update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, id));
  });

  it('a start further off than the safety pass waits the safety pass (another process may change it)', async () => {
    const id = await campaign({ status: 'scheduled', scheduledAt: new Date(t.clock.now + HOUR) });
    expect(await waitAfterWake()).toBe(SAFETY_MS);
    await t.app.ctx.database.db.update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, id));
  });
});
