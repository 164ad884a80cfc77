import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { addCard, planId } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API, apiPath } from '../../src/domain/api-paths';
import { users } from '../../server/db/schema';
import { TEST_CARDS } from '../../server/modules/payments/processors/test-cards';
import { assertSubscription, subscriptionState } from '../../server/modules/payments/subscription-guard';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ trialDays: 7 });
  for (const who of ['user', 'clubowner', 'mover', 'trucker']) {
    const s = await t.login(`${who}@demo.test`);
    tokens[who] = s.access;
    ids[who] = s.res.json().result.id;
  }
});
afterAll(() => t.close());

const me = async (token: string) => (await t.call({ method: 'GET', url: API.me, token })).json().result;
/** The seeded accounts are in a free trial, which a subscription keeps (payments-trial.test.ts); these tests are about paying now. */
const endTrial = (userId: string) =>
  t.app.ctx.database.db.update(users).set({ trialEndsAt: null }).where(eq(users.id, userId));

describe('plans', () => {
  it('lists Free (quota 10, 5 pages, $0) and Pro (quota 50, 25 pages, 1400 cents)', async () => {
    const res = await t.call({ method: 'GET', url: API.plansByRole, token: tokens.user! });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      expect.objectContaining({ name: 'Free', price: 0, quota: 10, pagesPerPdf: 5, priceLabel: '$0.00' }),
      expect.objectContaining({ name: 'Pro', price: 1400, quota: 50, pagesPerPdf: 25, priceLabel: '$14.00' }),
    ]);
  });

  it("the user's plan: the seeded Free plan and a running trial", async () => {
    const res = await t.call({ method: 'GET', url: API.userPlan, token: tokens.user! });
    expect(res.json().result).toMatchObject({
      plan: { name: 'Free' },
      subscription: null,
      subscriptionActive: false,
      shouldHaveSubscription: true,
    });
    expect(res.json().result.freeTrial).toBeGreaterThan(0);
  });
});

describe('subscription create and stop', () => {
  it('needs a card for a paid plan', async () => {
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: tokens.mover!,
      payload: { planId: await planId(t, tokens.mover!, 'Pro') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.cardId).toBe(MESSAGES.paymentMethodRequired);
  });

  it('refuses an unknown plan with the plan message, and a malformed id with the id message', async () => {
    const subscribe = (planId: string) =>
      t.call({ method: 'POST', url: API.subscription, token: tokens.mover!, payload: { planId } });
    const unknown = await subscribe('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.planId).toBe(MESSAGES.planInvalid);
    const malformed = await subscribe('nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.planId).toBe(MESSAGES.idInvalid);
  });

  it('a card that is declined on charge shows the processor message and subscribes nothing', async () => {
    await endTrial(ids.trucker!);
    await addCard(t, tokens.trucker!, { number: TEST_CARDS.declineOnCharge });
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: tokens.trucker!,
      payload: { planId: await planId(t, tokens.trucker!, 'Pro') },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(MESSAGES.cardDeclined);
    expect((await me(tokens.trucker!)).subscriptionActive).toBe(false);
  });

  it('with no trial left, subscribes to Pro: charged 1400 cents, invoice with a PDF', async () => {
    await endTrial(ids.user!);
    await addCard(t, tokens.user!);
    const pro = await planId(t, tokens.user!, 'Pro');
    const res = await t.call({ method: 'POST', url: API.subscription, token: tokens.user!, payload: { planId: pro } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.subscriptionActivated);
    expect(res.json().result).toMatchObject({ freeTrial: 0, subscriptionActive: true, plan: { name: 'Pro' } });
    const userData = await me(tokens.user!);
    expect(userData).toMatchObject({ freeTrial: 0, subscriptionActive: true, plan: { name: 'Pro' } });

    const again = await t.call({
      method: 'POST',
      url: API.subscription,
      token: tokens.user!,
      payload: { planId: pro },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.subscriptionAlreadyActive);

    const list = await t.call({
      method: 'GET',
      url: API.invoices,
      token: tokens.user!,
      query: { page: '1', perPage: '10' },
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.parse(String(list.headers['paging-data']))).toMatchObject({ totalCount: 1, currentPage: 1 });
    const [invoice] = list.json().result;
    expect(invoice).toMatchObject({ amount: 1400, amountLabel: '$14.00', status: 'paid', cardLast4: '4242' });

    const pdf = await t.call({
      method: 'GET',
      url: apiPath(API.invoicePdf, { invoiceId: invoice.id }),
      token: tokens.user!,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`attachment; filename="invoice-${invoice.number}.pdf"`);
    const body = pdf.rawPayload.toString('latin1');
    expect(body.startsWith('%PDF-1.4')).toBe(true);
    expect(body.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(body).toContain(`(Invoice ${invoice.number})`);
    expect(body).toContain('$14.00 USD');
    // The xref offsets point at the objects (a viewer would reject the file otherwise).
    const startxref = Number(/startxref\n(\d+)/.exec(body)![1]);
    expect(body.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...body.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(body.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));

    // Another user's invoice is not found.
    const other = await t.call({
      method: 'GET',
      url: apiPath(API.invoicePdf, { invoiceId: invoice.id }),
      token: tokens.clubowner!,
    });
    expect(other.statusCode).toBe(404);
    const bogus = await t.call({
      method: 'GET',
      url: apiPath(API.invoicePdf, { invoiceId: 'nope' }),
      token: tokens.user!,
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().errors).toEqual({ invoiceId: 'This id is not valid' });
  });

  it('stop: the cancel message, SubscriptionCancel pushed, user back to no trial and inactive', async () => {
    const publish = vi.spyOn(t.app.ctx.hub, 'publish');
    const res = await t.call({ method: 'PATCH', url: API.subscription, token: tokens.user! });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your subscription has been canceled. We're sorry to see you go!");
    expect(publish).toHaveBeenCalledWith({
      kind: 'user',
      userId: ids.user,
      target: 'SubscriptionCancel',
      args: ['cancel'],
    });
    publish.mockRestore();
    expect(await me(tokens.user!)).toMatchObject({ freeTrial: 0, subscriptionActive: false });
    const again = await t.call({ method: 'PATCH', url: API.subscription, token: tokens.user! });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.subscriptionNotActive);
  });
});

describe('server-side subscription guard (product brief section 2 rule)', () => {
  it('passes a trial, refuses no-trial-and-inactive, passes an active subscription', async () => {
    // mover: in the seeded trial, not subscribed → passes.
    expect((await subscriptionState(t.app, ids.mover!)).allowed).toBe(true);
    // user: canceled above → no trial, inactive → refused with 403.
    await expect(assertSubscription(t.app, ids.user!)).rejects.toMatchObject({
      statusCode: 403,
      message: MESSAGES.subscriptionRequired,
    });
    // clubowner subscribes to Free (no card needed) during its trial → the trial goes on → passes.
    const free = await planId(t, tokens.clubowner!, 'Free');
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: tokens.clubowner!,
      payload: { planId: free },
    });
    expect(res.statusCode).toBe(200);
    expect((await subscriptionState(t.app, ids.clubowner!)).allowed).toBe(true);
  });

  it('a trial that ran out (TRIAL_DAYS later) is refused; the expiry comes from the server clock', async () => {
    const { db } = t.app.ctx.database;
    const { trialEndsAt } = await import('../../server/modules/payments/subscription-guard');
    await db
      .update(users)
      .set({ trialEndsAt: trialEndsAt(t.app) })
      .where(eq(users.id, ids.mover!));
    expect((await subscriptionState(t.app, ids.mover!)).freeTrial).toBe(7);
    t.clock.advance(8 * 86_400_000);
    expect((await subscriptionState(t.app, ids.mover!)).allowed).toBe(false);
  });
});

describe('monthly renewal', () => {
  it('charges again when the period ends (once, even when run twice), and ends a subscription whose card is gone', async () => {
    const { renewDueSubscriptions } = await import('../../server/modules/payments/renewals');
    const { LocalProcessor } = await import('../../server/modules/payments/processors/local');
    const processor = new LocalProcessor({ db: t.app.ctx.database.db, now: () => t.clock.now });
    // user subscribes again (canceled above), mover too; then the mover's cards go away.
    for (const who of ['user', 'mover']) tokens[who] = (await t.login(`${who}@demo.test`)).access;
    const pro = await planId(t, tokens.user!, 'Pro');
    expect(
      (await t.call({ method: 'POST', url: API.subscription, token: tokens.user!, payload: { planId: pro } }))
        .statusCode,
    ).toBe(200);
    await addCard(t, tokens.mover!);
    expect(
      (await t.call({ method: 'POST', url: API.subscription, token: tokens.mover!, payload: { planId: pro } }))
        .statusCode,
    ).toBe(200);
    const moverCards = (await t.call({ method: 'GET', url: API.cards, token: tokens.mover! })).json().result;
    for (const c of moverCards)
      await t.call({ method: 'DELETE', url: API.deleteCard, token: tokens.mover!, query: { cardId: c.id } });

    expect(await renewDueSubscriptions(t.app, processor)).toBe(0);
    t.clock.advance(31 * 86_400_000);
    const publish = vi.spyOn(t.app.ctx.hub, 'publish');
    const [a, b] = await Promise.all([
      renewDueSubscriptions(t.app, processor),
      renewDueSubscriptions(t.app, processor),
    ]);
    // user (Pro) renews; the clubowner's Free plan, bought during its (seeded 14-day) trial,
    // starts now that the trial is over; the mover's renewal fails. Never twice.
    expect(a + b).toBe(2);
    expect(publish).toHaveBeenCalledWith({
      kind: 'user',
      userId: ids.mover,
      target: 'SubscriptionCancel',
      args: ['cancel'],
    });
    publish.mockRestore();
    for (const who of ['user', 'mover']) tokens[who] = (await t.login(`${who}@demo.test`)).access;
    const invoicesList = (await t.call({ method: 'GET', url: API.invoices, token: tokens.user! })).json().result;
    expect(invoicesList.filter((i: { amount: number }) => i.amount === 1400)).toHaveLength(3);
    expect(await me(tokens.user!)).toMatchObject({ subscriptionActive: true });
    expect(await me(tokens.mover!)).toMatchObject({ subscriptionActive: false, freeTrial: 0 });
    const clubowner = (await t.login('clubowner@demo.test')).access;
    expect(await me(clubowner)).toMatchObject({ subscriptionActive: true, freeTrial: 0, plan: { name: 'Free' } });
    const moverPlan = (await t.call({ method: 'GET', url: API.userPlan, token: tokens.mover! })).json().result;
    expect(moverPlan.subscription.status).toBe('past_due');
  });
});
