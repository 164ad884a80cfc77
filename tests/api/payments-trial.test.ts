import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { addCard, planId } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API } from '../../src/domain/api-paths';
import { users } from '../../server/db/schema';
import { LocalProcessor } from '../../server/modules/payments/processors/local';
import { TEST_CARDS } from '../../server/modules/payments/processors/test-cards';
import { renewDueSubscriptions } from '../../server/modules/payments/renewals';
import { subscriptionState } from '../../server/modules/payments/subscription-guard';

/**
 * A plan bought during the free trial keeps the trial: nothing is charged until it ends, then
 * the first period is charged and the subscription runs (src/domain/payments/order-terms.ts).
 * And subscriptions belong to a business: the administrator, who has none, is refused.
 */
let t: TestApp;
let processor: LocalProcessor;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  processor = new LocalProcessor({ db: t.app.ctx.database.db, now: () => t.clock.now });
  for (const who of ['user', 'mover', 'admin']) {
    const s = await t.login(`${who}@demo.test`);
    tokens[who] = s.access;
    ids[who] = s.res.json().result.id;
  }
  // Short trials, so their end is a few days of the test clock away.
  const { db } = t.app.ctx.database;
  for (const who of ['user', 'mover']) {
    await db
      .update(users)
      .set({ trialEndsAt: new Date(t.clock.now + 10 * DAY) })
      .where(eq(users.id, ids[who]!));
  }
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const signInAgain = async () => {
  for (const who of Object.keys(tokens)) tokens[who] = (await t.login(`${who}@demo.test`)).access;
};
const me = async (who: string) => (await call('GET', API.me, tokens[who]!)).json().result;
const myPlan = async (who: string) => (await call('GET', API.userPlan, tokens[who]!)).json().result;
const invoiceCount = async (who: string) =>
  JSON.parse(String((await call('GET', API.invoices, tokens[who]!)).headers['paging-data'])).totalCount;

describe('a plan bought during the free trial', () => {
  it('keeps the trial: nothing charged, the subscription waits for the trial to end, the guard passes', async () => {
    await addCard(t, tokens.user!);
    const before = await myPlan('user');
    const res = await call('POST', API.subscription, tokens.user!, { planId: await planId(t, tokens.user!, 'Pro') });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.subscriptionActivated);
    expect(res.json().result).toMatchObject({
      freeTrial: 10,
      subscriptionActive: false,
      plan: { name: 'Pro' },
      subscription: { status: 'trialing', price: 1400, currentPeriodEnd: before.trialEndsAt },
    });
    expect(await me('user')).toMatchObject({ freeTrial: 10, subscriptionActive: false, plan: { name: 'Pro' } });
    expect(await invoiceCount('user')).toBe(0);
    expect((await subscriptionState(t.app, ids.user!)).allowed).toBe(true);
    const again = await call('POST', API.subscription, tokens.user!, { planId: await planId(t, tokens.user!, 'Pro') });
    expect(again.statusCode).toBe(409);
  });

  it('stopping it during the trial leaves the trial and pushes no cancel; choosing again waits again', async () => {
    const publish = vi.spyOn(t.app.ctx.hub, 'publish');
    const res = await call('PATCH', API.subscription, tokens.user!);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ freeTrial: 10, subscriptionActive: false });
    expect(publish).not.toHaveBeenCalled();
    publish.mockRestore();
    expect(await myPlan('user')).toMatchObject({ plan: null, freeTrial: 10, subscription: { status: 'canceled' } });

    const pro = await planId(t, tokens.user!, 'Pro');
    expect((await call('POST', API.subscription, tokens.user!, { planId: pro })).statusCode).toBe(200);
    // The mover waits for the same day with a card that will be refused then.
    await addCard(t, tokens.mover!, { number: TEST_CARDS.declineOnCharge });
    expect((await call('POST', API.subscription, tokens.mover!, { planId: pro })).statusCode).toBe(200);
  });

  it('when the trial ends the first month is charged (once) and the user is active; a refused card ends it', async () => {
    t.clock.advance(9 * DAY);
    expect(await renewDueSubscriptions(t.app, processor)).toBe(0);
    await signInAgain(); // the access tokens ran out on the test clock
    expect(await invoiceCount('user')).toBe(0);

    t.clock.advance(DAY);
    // Between the trial's end and the renewal job's next run the waiting subscription counts as
    // active: the guard never sends a paying user to checkout for those minutes.
    await signInAgain();
    expect(await me('user')).toMatchObject({ freeTrial: 0, subscriptionActive: true });
    expect((await subscriptionState(t.app, ids.user!)).allowed).toBe(true);
    expect(await invoiceCount('user')).toBe(0);

    const publish = vi.spyOn(t.app.ctx.hub, 'publish');
    const [a, b] = await Promise.all([
      renewDueSubscriptions(t.app, processor),
      renewDueSubscriptions(t.app, processor),
    ]);
    expect(a + b).toBe(1);
    await signInAgain();

    const plan = await myPlan('user');
    expect(plan).toMatchObject({ freeTrial: 0, subscriptionActive: true, subscription: { status: 'active' } });
    expect(new Date(plan.subscription.currentPeriodEnd).getTime()).toBe(t.clock.now + 30 * DAY);
    const [invoice] = (await call('GET', API.invoices, tokens.user!)).json().result;
    expect(invoice).toMatchObject({ amount: 1400, status: 'paid', description: 'Pro plan — 30 days' });
    expect((await subscriptionState(t.app, ids.user!)).allowed).toBe(true);

    // The mover's card is refused at the trial's end: past due, no trial, inactive, told live.
    expect(publish).toHaveBeenCalledWith({
      kind: 'user',
      userId: ids.mover,
      target: 'SubscriptionCancel',
      args: ['cancel'],
    });
    publish.mockRestore();
    expect(await myPlan('mover')).toMatchObject({
      freeTrial: 0,
      subscriptionActive: false,
      subscription: { status: 'past_due' },
    });
    expect((await subscriptionState(t.app, ids.mover!)).allowed).toBe(false);
  });
});

describe('an account without a business (the platform administrator)', () => {
  it('is refused subscribing and stopping with a 403 that says why', async () => {
    const pro = await planId(t, tokens.admin!, 'Pro');
    const subscribe = await call('POST', API.subscription, tokens.admin!, { planId: pro });
    expect(subscribe.statusCode).toBe(403);
    expect(subscribe.json().message).toBe(MESSAGES.subscriptionNeedsBusiness);
    const stop = await call('PATCH', API.subscription, tokens.admin!);
    expect(stop.statusCode).toBe(403);
    expect(stop.json().message).toBe(MESSAGES.subscriptionNeedsBusiness);
  });
});
