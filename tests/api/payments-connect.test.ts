import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { cardPayload } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API, apiPath } from '../../src/domain/api-paths';
import { connectAccounts, paymentTransactions, processorEvents, users } from '../../server/db/schema';

const WEBHOOK_SECRET = 'whsec_test_local_secret';
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ stripeWebhookSecret: WEBHOOK_SECRET });
  for (const who of ['clubowner', 'user', 'trucker']) tokens[who] = (await t.login(`${who}@demo.test`)).access;
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });

describe('stripe_connect with the local processor: simulated onboarding through the same states', () => {
  it('no account yet: status none, account calls ask to create one', async () => {
    const res = await get(API.accountStatus, tokens.clubowner!);
    expect(res.json().result).toMatchObject({ status: 'none', accountId: null, processor: 'local' });
    const bal = await get(API.balances, tokens.clubowner!);
    expect(bal.statusCode).toBe(409);
    expect(bal.json().message).toBe(MESSAGES.connectAccountMissing);
  });

  it('create → pending; link → restricted → enabled with a bank account; balances and payouts', async () => {
    const created = await t.call({ method: 'POST', url: API.createConnectedAccount, token: tokens.clubowner! });
    expect(created.statusCode).toBe(200);
    expect(created.json().result).toMatchObject({ status: 'pending', detailsSubmitted: false, payoutsEnabled: false });
    expect(created.json().result.requirements).toContain('external_account');
    const twice = await t.call({ method: 'POST', url: API.createConnectedAccount, token: tokens.clubowner! });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MESSAGES.connectAccountExists);

    const link = (await get(API.externalAccountLink, tokens.clubowner!)).json().result.url as string;
    expect(link).toMatch(/^\/api\/Payment\/local-onboarding\//);
    const visit = await t.call({ method: 'GET', url: link });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/stripe_connect?onboarding=return');
    expect((await t.call({ method: 'GET', url: link })).statusCode).toBe(404); // single use

    t.clock.advance(1000);
    const restrictedOrEnabled = (await get(API.accountStatus, tokens.clubowner!)).json().result;
    expect(restrictedOrEnabled).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      status: 'enabled',
      payoutsEnabled: true,
    });
    const banks = (await get(API.externalAccounts, tokens.clubowner!)).json().result;
    expect(banks).toEqual([expect.objectContaining({ last4: '6789', isDefault: true, currency: 'usd' })]);
    expect((await get(API.accountSession, tokens.clubowner!)).json().result.clientSecret).toMatch(/_secret_/);
    expect((await get(API.dashboardLink, tokens.clubowner!)).json().result.url).toBe('/stripe_connect');

    // A payment-link payment lands in the account's balance.
    const pl = (
      await t.call({
        method: 'POST',
        url: API.checkoutSession,
        token: tokens.clubowner!,
        payload: { amount: 5000, description: 'Table' },
      })
    ).json().result;
    expect(
      (
        await t.call({
          method: 'POST',
          url: apiPath(API.publicPaymentLinkPay, { token: pl.token }),
          payload: cardPayload(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(API.balances, tokens.clubowner!)).json().result).toMatchObject({
      available: 5000,
      pending: 0,
      availableLabel: '$50.00',
    });

    const tooMuch = await t.call({
      method: 'POST',
      url: API.payouts,
      token: tokens.clubowner!,
      payload: { amount: 5001 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toBe(MESSAGES.payoutTooLarge);
    const payout = await t.call({
      method: 'POST',
      url: API.payouts,
      token: tokens.clubowner!,
      payload: { amount: 3000 },
    });
    expect(payout.statusCode).toBe(200);
    expect(payout.json().result).toMatchObject({ amount: 3000, status: 'in_transit' });
    expect((await get(API.balances, tokens.clubowner!)).json().result).toMatchObject({
      available: 2000,
      pending: 3000,
    });
    t.clock.advance(3 * 86_400_000);
    // Three days later the access tokens have expired: sign in again.
    for (const who of ['clubowner', 'user', 'trucker']) tokens[who] = (await t.login(`${who}@demo.test`)).access;
    const payouts = (await get(API.payouts, tokens.clubowner!)).json().result;
    expect(payouts).toEqual([expect.objectContaining({ amount: 3000, status: 'paid' })]);
  });

  it('another business has its own (absent) account; roles outside the Dashboard get 403', async () => {
    expect((await get(API.accountStatus, tokens.user!)).json().result.status).toBe('none');
    expect((await get(API.accountStatus, tokens.trucker!)).statusCode).toBe(403);
  });

  it('the onboarding return never redirects off the app', async () => {
    await t.call({ method: 'POST', url: API.createConnectedAccount, token: tokens.user! });
    const link = (await get(API.externalAccountLink, tokens.user!)).json().result.url as string;
    const evil = link.replace(/\?return=.*/, `?return=${encodeURIComponent('https://evil.example/')}`);
    const res = await t.call({ method: 'GET', url: evil });
    expect(res.headers.location).toBe('/stripe_connect');
  });

  it('connecting twice at once leaves the business one connected account', async () => {
    const mover = await t.login('mover@demo.test');
    const db = t.app.ctx.database.db;
    const [me] = await db
      .select({ businessId: users.businessId })
      .from(users)
      .where(eq(users.email, 'mover@demo.test'));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.call({ method: 'POST', url: API.createConnectedAccount, token: mover.access })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await db.select().from(connectAccounts).where(eq(connectAccounts.businessId, me!.businessId!));
    expect(rows).toHaveLength(1);
    const created = answers.find((a) => a.statusCode === 200)!.json().result;
    expect((await get(API.accountStatus, mover.access)).json().result.accountId).toBe(created.accountId);
  });
});

describe('webhook signature verification', () => {
  const sign = (body: string, secret = WEBHOOK_SECRET, at = Math.floor(t.clock.now / 1000)) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
  const post = (body: string, signature?: string) =>
    t.call({
      method: 'POST',
      url: API.paymentWebhook,
      payload: body,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });

  it('refuses a missing, wrong or stale signature with 400', async () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'charge.refunded', data: { object: {} } });
    for (const sig of [
      undefined,
      sign(body, 'whsec_other'),
      sign(body, WEBHOOK_SECRET, Math.floor(t.clock.now / 1000) - 3600),
      'garbage',
    ]) {
      const res = await post(body, sig);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.webhookSignatureInvalid);
    }
  });

  it('applies a signed charge.refunded once (duplicates acknowledged)', async () => {
    const [txn] = await t.app.ctx.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.amountCents, 5000));
    const body = JSON.stringify({
      id: 'evt_refund_1',
      type: 'charge.refunded',
      data: { object: { id: 'ch_x', object: 'charge', payment_intent: txn!.processorChargeId, amount_refunded: 5000 } },
    });
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ received: true });
    const again = await post(body, sign(body));
    expect(again.json().result).toEqual({ received: true, duplicate: true });
    const [after] = await t.app.ctx.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, txn!.id));
    expect(after).toMatchObject({ refundedCents: 5000, status: 'refunded' });
  });

  it('answers a signed body that is no event 400, and keeps an event it could not apply from being a duplicate', async () => {
    const nothing = await post('null', sign('null'));
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(MESSAGES.webhookSignatureInvalid);
    // An amount no column holds: applying it fails, so the event is not received and its retry
    // is tried again (before, the retry was acknowledged as a duplicate and never applied).
    const body = JSON.stringify({
      id: 'evt_refund_unapplied',
      type: 'charge.refunded',
      data: { object: { payment_intent: 'pi_unapplied', amount_refunded: 1e300 } },
    });
    const first = await post(body, sign(body));
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    const retry = await post(body, sign(body));
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json().result).toBeUndefined();
    const kept = await t.app.ctx.database.db
      .select()
      .from(processorEvents)
      .where(eq(processorEvents.id, 'evt_refund_unapplied'));
    expect(kept).toEqual([]);
  });
});
