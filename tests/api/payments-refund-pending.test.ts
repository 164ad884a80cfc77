/**
 * A refund the processor holds (Stripe's 'pending' or 'requires_action'; the local processor's
 * card 4000 0000 0000 7726, as Stripe's test card) is not shown as refunded: the transaction says
 * 'refund_pending' until the processor confirms it, its amount stays reserved meanwhile, and it
 * settles later — by the settling timer asking the processor, or by the processor's webhook —
 * as refunded, or, when the processor gives up on it, as paid again with its amount refundable.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { cardPayload } from './helpers/payments';
import { API, apiPath } from '../../src/domain/api-paths';
import { MESSAGES } from '../../src/domain/messages';
import { paymentRefunds, paymentTransactions } from '../../server/db/schema';
import { LocalProcessor, TEST_CARDS } from '../../server/modules/payments';
import { LOCAL_REFUND_PENDING_MS } from '../../server/modules/payments/processors/local';
import { settlePaymentAttempts } from '../../server/modules/payments/renewals';

const WEBHOOK_SECRET = 'whsec_test_refund_pending';
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ stripeWebhookSecret: WEBHOOK_SECRET, rateLimit: { enabled: false } });
});
afterAll(() => t.close());

const db = () => t.app.ctx.database.db;
const processor = () => new LocalProcessor({ db: db(), now: t.app.ctx.now, webhookSecret: WEBHOOK_SECRET });

/** A payment of `amount` through a new link, with the card whose refunds the processor holds. */
async function paidWithPendingRefunds(amount: number): Promise<string> {
  owner = (await t.login('clubowner@demo.test')).access;
  const link = (
    await t.call({ method: 'POST', url: API.checkoutSession, token: owner, payload: { amount, description: 'Held' } })
  ).json().result;
  const paid = await t.call({
    method: 'POST',
    url: apiPath(API.publicPaymentLinkPay, { token: link.token }),
    payload: cardPayload({ number: TEST_CARDS.refundPending }),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().result.transactionId as string;
}
const refund = (id: string, payload: object = {}) =>
  t.call({ method: 'POST', url: apiPath(API.refundTransaction, { transactionId: id }), token: owner, payload });
const listed = async (id: string) => {
  const list = await t.call({ method: 'GET', url: API.transactions, token: owner, query: { perPage: '100' } });
  return (list.json().result as { id: string; status: string; refunds: { status: string }[] }[]).find(
    (r) => r.id === id,
  )!;
};

describe('a refund the processor holds', () => {
  it('shows as pending, not refunded, and keeps its amount reserved', async () => {
    const id = await paidWithPendingRefunds(3000);
    const res = await refund(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.refund).toMatchObject({ amount: 3000, status: 'pending' });
    expect(res.json().result.transaction).toMatchObject({
      status: 'refund_pending',
      refundedAmount: 3000,
      refundable: 0,
    });
    expect(await listed(id)).toMatchObject({ status: 'refund_pending', refunds: [{ status: 'pending' }] });
    // The list's status filter finds it under what it shows.
    const filtered = await t.call({
      method: 'GET',
      url: API.transactions,
      token: owner,
      query: { status: 'refund_pending', perPage: '100' },
    });
    expect(filtered.json().result.map((r: { id: string }) => r.id)).toContain(id);
    // Its amount is held: nothing more to refund while it is pending.
    const more = await refund(id, { amount: 1 });
    expect(more.statusCode).toBe(400);
    expect(more.json().errors.amount).toBe(MESSAGES.refundTooLarge);
  });

  it('settles as refunded once the processor confirms it (the settling timer asks)', async () => {
    const id = await paidWithPendingRefunds(3100);
    await refund(id, { amount: 1000 });
    // Not yet confirmed: the settling leaves it pending.
    await settlePaymentAttempts(t.app, processor());
    expect((await listed(id)).status).toBe('refund_pending');
    t.clock.advance(LOCAL_REFUND_PENDING_MS + 1000);
    await settlePaymentAttempts(t.app, processor());
    owner = (await t.login('clubowner@demo.test')).access;
    expect(await listed(id)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 1000,
      refundable: 2100,
      refunds: [{ status: 'succeeded' }],
    });
  });

  it('a refund the processor gives up on: the payment is paid again and its amount refundable', async () => {
    const id = await paidWithPendingRefunds(3200);
    await refund(id);
    const failing = processor();
    vi.spyOn(failing, 'refundStatus').mockResolvedValue('failed');
    await settlePaymentAttempts(t.app, failing);
    expect(await listed(id)).toMatchObject({
      status: 'succeeded',
      refundedAmount: 0,
      refundable: 3200,
      refunds: [{ status: 'failed' }],
    });
  });

  it("settles from the processor's webhook (refund.updated), and the charge's own event does not call it refunded early", async () => {
    const id = await paidWithPendingRefunds(3300);
    const done = (await refund(id)).json().result;
    const [row] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.id, done.refund.id));
    const sign = (body: string, at = Math.floor(t.clock.now / 1000)) =>
      `t=${at},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${at}.${body}`).digest('hex')}`;
    const post = (event: object) => {
      const body = JSON.stringify(event);
      return t.call({
        method: 'POST',
        url: API.paymentWebhook,
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
      });
    };
    const [txn] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
    const chargeId = txn!.processorChargeId!;
    // Stripe tells of the refund on the charge at once (amount_refunded counts a pending refund).
    expect(
      (
        await post({
          id: `evt_charge_${id}`,
          type: 'charge.refunded',
          data: { object: { object: 'charge', payment_intent: chargeId, amount_refunded: 3300 } },
        })
      ).statusCode,
    ).toBe(200);
    expect((await listed(id)).status).toBe('refund_pending');
    const updated = await post({
      id: `evt_refund_${id}`,
      type: 'refund.updated',
      data: { object: { object: 'refund', id: row!.processorRefundId, status: 'succeeded' } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await listed(id)).toMatchObject({ status: 'refunded', refunds: [{ status: 'succeeded' }] });
  });
});
