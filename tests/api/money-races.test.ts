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
import { localProcessorObjects, subscriptions, users } from '../../server/db/schema';

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
  // No free trial: a subscription is charged when it is bought.
  await t.app.ctx.database.db.update(users).set({ trialEndsAt: null });
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
