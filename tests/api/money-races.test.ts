/**
 * Two requests that move money, sent at once with different Idempotency-Keys (two tabs, two
 * people of one business): the key makes a doubled click one request, but two decisions are two
 * requests, and the state they race for must still let only one of them win.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { addCard, cardPayload, planId } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API, apiPath } from '../../src/domain/api-paths';
import { localProcessorObjects, paymentTransactions, subscriptions, users } from '../../server/db/schema';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['user', 'clubowner']) {
    const s = await t.login(`${who}@demo.test`);
    tokens[who] = s.access;
    ids[who] = s.res.json().result.id;
  }
  // No free trial for the user who subscribes: a subscription is charged when it is bought. The
  // club owner keeps theirs, which the subscription guard asks of the payouts and refunds screens.
  await t.app.ctx.database.db.update(users).set({ trialEndsAt: null }).where(eq(users.id, ids.user!));
});
afterAll(() => t.close());

const db = () => t.app.ctx.database.db;
const objects = async (type: string) =>
  (await db().select({ n: count() }).from(localProcessorObjects).where(eq(localProcessorObjects.type, type)))[0]!.n;
const key = (n: number) => ({ 'idempotency-key': `tab-${n}-${Math.random().toString(36).slice(2)}` });

describe('subscribing from two tabs at once', () => {
  it('charges the card once: one subscription, the other tab told it is already active', async () => {
    await addCard(t, tokens.user!);
    const pro = await planId(t, tokens.user!, 'Pro');
    const before = await objects('charge');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        t.call({
          method: 'POST',
          url: API.subscription,
          token: tokens.user!,
          payload: { planId: pro },
          headers: key(n),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((a) => a.statusCode === 409)) {
      expect(a.json().message).toBe(MESSAGES.subscriptionAlreadyActive);
    }
    expect(await objects('charge')).toBe(before + 1);
    const rows = await db().select().from(subscriptions).where(eq(subscriptions.userId, ids.user!));
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
  });
});

describe('payouts asked from two tabs at once', () => {
  it('never pay out more than the available balance', async () => {
    const owner = tokens.clubowner!;
    expect((await t.call({ method: 'POST', url: API.createConnectedAccount, token: owner })).statusCode).toBe(200);
    const link = (await t.call({ method: 'GET', url: API.externalAccountLink, token: owner })).json().result.url;
    await t.call({ method: 'GET', url: link });
    t.clock.advance(1000);
    expect((await t.call({ method: 'GET', url: API.accountStatus, token: owner })).json().result.status).toBe(
      'enabled',
    );
    const session = (
      await t.call({
        method: 'POST',
        url: API.checkoutSession,
        token: owner,
        payload: { amount: 5000, description: 'Table' },
      })
    ).json().result;
    const paid = await t.call({
      method: 'POST',
      url: apiPath(API.publicPaymentLinkPay, { token: session.token }),
      payload: cardPayload(),
    });
    expect(paid.statusCode).toBe(200);

    // Twelve payouts of $10.00 against $50.00: five are paid, whatever order they arrive in.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        t.call({ method: 'POST', url: API.payouts, token: owner, payload: { amount: 1000 }, headers: key(n) }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    for (const a of answers.filter((a) => a.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().errors.amount).toBe(MESSAGES.payoutTooLarge);
    }
    expect(await objects('payout')).toBe(5);
    expect((await t.call({ method: 'GET', url: API.balances, token: owner })).json().result).toMatchObject({
      available: 0,
      pending: 5000,
    });
  });
});

describe('refunds of money a payout may already have taken', () => {
  // The club owner's account was opened and emptied by the payouts above.
  const owner = () => tokens.clubowner!;
  const paidLink = async (description: string, amount: number) => {
    const session = (
      await t.call({ method: 'POST', url: API.checkoutSession, token: owner(), payload: { amount, description } })
    ).json().result;
    const paid = await t.call({
      method: 'POST',
      url: apiPath(API.publicPaymentLinkPay, { token: session.token }),
      payload: cardPayload(),
    });
    expect(paid.statusCode).toBe(200);
    const [txn] = await db()
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.description, description));
    return txn!.id;
  };
  const refund = (transactionId: string, n: number) =>
    t.call({
      method: 'POST',
      url: apiPath(API.refundTransaction, { transactionId }),
      token: owner(),
      payload: {},
      headers: key(n),
    });
  const payout = (amount: number, n: number) =>
    t.call({ method: 'POST', url: API.payouts, token: owner(), payload: { amount }, headers: key(n) });
  const refundedCents = async (id: string) =>
    (
      await db()
        .select({ refunded: paymentTransactions.refundedCents })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, id))
    )[0]!.refunded;
  /** The account's balance as the processor counts it, unclamped: what was kept less what was paid out. */
  const heldCents = async () => {
    const rows = await db()
      .select({ type: localProcessorObjects.type, data: localProcessorObjects.data })
      .from(localProcessorObjects)
      .where(eq(localProcessorObjects.account, accountId));
    let held = 0;
    for (const { type, data } of rows) {
      const d = data as { captured?: number; refunded?: number; amount?: number; status?: string };
      if (type === 'charge') held += d.captured! - d.refunded!;
      if (type === 'payout' && d.status !== 'failed' && d.status !== 'canceled') held -= d.amount!;
    }
    return held;
  };
  let accountId = '';

  it('refuses with 409 a refund of money already paid out, and the transaction keeps what it had', async () => {
    const [paidOut] = await db()
      .select({ account: localProcessorObjects.account })
      .from(localProcessorObjects)
      .where(eq(localProcessorObjects.type, 'payout'));
    accountId = paidOut!.account!;
    const id = await paidLink('Paid out, then refunded', 3000);
    expect((await payout(3000, 100)).statusCode).toBe(200);
    const refused = await refund(id, 101);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.refundExceedsBalance);
    expect(await refundedCents(id)).toBe(0);
    expect(await heldCents()).toBe(0);
  });

  it('a refund and payouts asked at once never take the balance below zero', async () => {
    const first = await paidLink('Race one', 3000);
    const second = await paidLink('Race two', 3000);
    const answers = await Promise.all([payout(6000, 200), refund(first, 201), payout(3000, 202), refund(second, 203)]);
    const [bigPayout, firstRefund, smallPayout, secondRefund] = answers;
    for (const a of [bigPayout!, smallPayout!].filter((a) => a.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().errors.amount).toBe(MESSAGES.payoutTooLarge);
    }
    for (const a of [firstRefund!, secondRefund!].filter((a) => a.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(MESSAGES.refundExceedsBalance);
    }
    const paidOut = (bigPayout!.statusCode === 200 ? 6000 : 0) + (smallPayout!.statusCode === 200 ? 3000 : 0);
    const refunded = (await refundedCents(first)) + (await refundedCents(second));
    expect(refunded).toBe([firstRefund, secondRefund].filter((a) => a!.statusCode === 200).length * 3000);
    expect(paidOut + refunded).toBeLessThanOrEqual(6000);
    expect(await heldCents()).toBe(6000 - paidOut - refunded);
    expect(await heldCents()).toBeGreaterThanOrEqual(0);
  });
});
