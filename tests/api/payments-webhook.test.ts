/**
 * The processor's webhook records an event (for its retries to be acknowledged as duplicates) and
 * applies it in one database transaction: a crash between the two can neither lose the event
 * (recorded, never applied, its retry told "duplicate") nor apply it twice. A crash is played by
 * triggers that fail the writes at that moment, the server's clean-up included.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { cardPayload } from './helpers/payments';
import { API, apiPath } from '../../src/domain/api-paths';
import { paymentTransactions, processorEvents } from '../../server/db/schema';

const WEBHOOK_SECRET = 'whsec_test_webhook_tx';
let t: TestApp;
let chargeId: string;
let transactionId: string;
beforeAll(async () => {
  t = await createTestApp({ stripeWebhookSecret: WEBHOOK_SECRET });
  const owner = (await t.login('clubowner@demo.test')).access;
  const link = (
    await t.call({
      method: 'POST',
      url: API.checkoutSession,
      token: owner,
      payload: { amount: 6000, description: 'Webhook' },
    })
  ).json().result;
  const paid = await t.call({
    method: 'POST',
    url: apiPath(API.publicPaymentLinkPay, { token: link.token }),
    payload: cardPayload(),
  });
  transactionId = paid.json().result.transactionId;
  const [txn] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId));
  chargeId = txn!.processorChargeId!;
});
afterAll(() => t.close());

const db = () => t.app.ctx.database.db;
const sign = (body: string, at = Math.floor(t.clock.now / 1000)) =>
  `t=${at},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${at}.${body}`).digest('hex')}`;
const post = (body: string) =>
  t.call({
    method: 'POST',
    url: API.paymentWebhook,
    payload: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
  });
const refundEvent = (id: string, amount: number) =>
  JSON.stringify({
    id,
    type: 'charge.refunded',
    data: { object: { object: 'charge', payment_intent: chargeId, amount_refunded: amount } },
  });
const recorded = async (id: string) => db().select().from(processorEvents).where(eq(processorEvents.id, id));
const txn = async () =>
  (await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId)))[0]!;

async function failWrites(table: string, op: string) {
  await db().execute(
    sql.raw(`create or replace function test_crash() returns trigger language plpgsql as $$
      begin raise exception 'the server died here'; end $$`),
  );
  await db().execute(sql.raw(`create trigger test_crash before ${op} on ${table} execute function test_crash()`));
}
const lift = (table: string) => db().execute(sql.raw(`drop trigger if exists test_crash on ${table}`));
afterEach(async () => {
  await lift('payment_transactions');
  await lift('processor_events');
});

describe('the payments webhook', () => {
  it('an event whose processing failed (and whose server died before any clean-up) is not recorded; its retry is applied', async () => {
    const body = refundEvent('evt_tx_crash', 1000);
    await failWrites('payment_transactions', 'update');
    await failWrites('processor_events', 'delete');
    const first = await post(body);
    expect(first.statusCode).toBe(500);
    await lift('payment_transactions');
    await lift('processor_events');
    // Before, the record stayed and the retry was acknowledged as a duplicate, never applied.
    expect(await recorded('evt_tx_crash')).toEqual([]);
    const retry = await post(body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().result).toEqual({ received: true });
    expect(await txn()).toMatchObject({ refundedCents: 1000, status: 'partially_refunded' });
    expect(await recorded('evt_tx_crash')).toHaveLength(1);
    // A real retry after that is the duplicate it was.
    expect((await post(body)).json().result).toEqual({ received: true, duplicate: true });
  });

  it('the same event delivered twice at once is applied once, the other delivery told it is a duplicate', async () => {
    const body = refundEvent('evt_tx_twice', 2500);
    const answers = await Promise.all([post(body), post(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().result.duplicate ?? false).sort()).toEqual([false, true]);
    expect(await recorded('evt_tx_twice')).toHaveLength(1);
    expect(await txn()).toMatchObject({ refundedCents: 2500, status: 'partially_refunded' });
  });

  it('a delivery at once with one that fails is applied by whichever commits, never lost', async () => {
    const body = refundEvent('evt_tx_fail_twice', 3000);
    await failWrites('payment_transactions', 'update');
    const answers = await Promise.all([post(body), post(body)]);
    await lift('payment_transactions');
    // Neither applied it: neither may say it was received (a "duplicate" here would end the retries).
    expect(answers.map((a) => a.statusCode)).toEqual([500, 500]);
    expect(await recorded('evt_tx_fail_twice')).toEqual([]);
    expect((await post(body)).json().result).toEqual({ received: true });
    expect(await txn()).toMatchObject({ refundedCents: 3000 });
  });
});
