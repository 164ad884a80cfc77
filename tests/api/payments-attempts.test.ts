/**
 * A refund or a subscription charge whose answer was lost is never lost to the books nor made
 * twice: its attempt is written before the processor is asked (payment_attempts, under the key
 * the processor gets), and settled with the processor when its answer never came. A crash is
 * played by a trigger that fails the server's own writes at the chosen moment, so neither its
 * error path nor its clean-up runs, as when the process is killed; a lost answer by the
 * processor's call doing its work and then failing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { addCard, cardPayload, planId } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API, apiPath } from '../../src/domain/api-paths';
import {
  invoices,
  localProcessorObjects,
  paymentAttempts,
  paymentRefunds,
  paymentTransactions,
  subscriptions,
  users,
} from '../../server/db/schema';
import { LocalProcessor } from '../../server/modules/payments/processors/local';
import { ProcessorUnavailableError } from '../../server/modules/payments/processors/types';
import { PAYMENT_ATTEMPT } from '../../server/modules/payments/payment-attempts';
import { renewDueSubscriptions, settlePaymentAttempts } from '../../server/modules/payments/renewals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.ctx.database.db;
const processor = () => new LocalProcessor({ db: db(), now: () => t.clock.now });
/** A session of its own for each call: the tests move the clock past an access token's life. */
const session = async (who: string) => (await t.login(`${who}@demo.test`)).access;
const expire = () => t.clock.advance(PAYMENT_ATTEMPT.expiresMs + 1000);

/** Fails the server's writes to `table` that match `when` until lift is called (`on`: the statements). */
async function failWrites(table: string, when: string, on = 'insert or update') {
  await db().execute(
    sql.raw(`create or replace function test_crash() returns trigger language plpgsql as $$
      begin raise exception 'the server died here'; end $$`),
  );
  await db().execute(
    sql.raw(`create trigger test_crash_${table} before ${on} on ${table} for each row when (${when})
      execute function test_crash()`),
  );
}
const lift = (table: string) => db().execute(sql.raw(`drop trigger if exists test_crash_${table} on ${table}`));

afterEach(async () => {
  vi.restoreAllMocks();
  for (const table of ['payment_transactions', 'payment_refunds', 'subscriptions', 'invoices']) await lift(table);
});

let ip = 0;
/** A payment link of the clubowner's business, paid: its transaction's id. */
async function paidTransaction(amount: number): Promise<string> {
  const owner = await session('clubowner');
  const link = (
    await t.call({
      method: 'POST',
      url: API.checkoutSession,
      token: owner,
      payload: { amount, description: 'Attempts' },
    })
  ).json().result;
  const paid = await t.call({
    method: 'POST',
    url: apiPath(API.publicPaymentLinkPay, { token: link.token }),
    payload: cardPayload(),
    remoteAddress: `10.8.0.${++ip}`,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().result.transactionId as string;
}

async function refund(transactionId: string, payload: { amount?: number }, key?: string) {
  return t.call({
    method: 'POST',
    url: apiPath(API.refundTransaction, { transactionId }),
    token: await session('clubowner'),
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

const transaction = async (id: string) =>
  (await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!;
const refundsOf = (id: string) => db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, id));
/** What the processor itself refunded of the transaction's charge. */
async function refundedAtProcessor(id: string): Promise<number> {
  const { processorChargeId } = await transaction(id);
  const [charge] = await db()
    .select()
    .from(localProcessorObjects)
    .where(eq(localProcessorObjects.id, processorChargeId!));
  return (charge!.data as { refunded: number }).refunded;
}

/** The processor makes the refund, and its answer is lost on the way back. */
function loseRefundAnswers() {
  const real = LocalProcessor.prototype.refund;
  return vi.spyOn(LocalProcessor.prototype, 'refund').mockImplementationOnce(async function (
    this: LocalProcessor,
    request,
  ) {
    await real.call(this, request);
    throw new ProcessorUnavailableError();
  });
}

describe('refunds', () => {
  it('a refund the processor made, its answer lost, is recorded: not given back to be made again', async () => {
    const id = await paidTransaction(1500);
    loseRefundAnswers();
    const res = await refund(id, { amount: 500 }, 'lost-answer');
    expect(res.statusCode, res.body).toBe(200);
    expect(await transaction(id)).toMatchObject({ refundedCents: 500, status: 'partially_refunded' });
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await refundedAtProcessor(id)).toBe(500);
  });

  it('a refund the processor could not confirm keeps its amount, and the retry (same key) refunds once', async () => {
    const id = await paidTransaction(1500);
    loseRefundAnswers();
    vi.spyOn(LocalProcessor.prototype, 'findRefund').mockRejectedValueOnce(new ProcessorUnavailableError());
    const first = await refund(id, { amount: 500 }, 'unconfirmed');
    expect(first.statusCode).toBe(503);
    expect(first.json().message).toBe(MESSAGES.refundUnconfirmed);
    // Held for it: the rest can be refunded, not more.
    expect(await transaction(id)).toMatchObject({ refundedCents: 500 });
    const retry = await refund(id, { amount: 500 }, 'unconfirmed');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await refundedAtProcessor(id)).toBe(500);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await transaction(id)).toMatchObject({ refundedCents: 500, status: 'partially_refunded' });
  });

  it('a refund the processor did not make gives its amount back, with a message that says so', async () => {
    const id = await paidTransaction(1500);
    vi.spyOn(LocalProcessor.prototype, 'refund').mockRejectedValueOnce(new ProcessorUnavailableError());
    const res = await refund(id, { amount: 500 });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MESSAGES.refundNotMade);
    expect(await transaction(id)).toMatchObject({ refundedCents: 0, status: 'succeeded' });
    const whole = await refund(id, {});
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await refundedAtProcessor(id)).toBe(1500);
  });

  it('a server that died after reserving and before refunding: the amount comes back once the attempt expires', async () => {
    const id = await paidTransaction(1500);
    vi.spyOn(LocalProcessor.prototype, 'refund').mockRejectedValueOnce(new Error('the server died here'));
    // Its clean-up, which would give the amount back, never runs.
    await failWrites('payment_transactions', 'new.refunded_cents < old.refunded_cents', 'update');
    expect((await refund(id, { amount: 700 })).statusCode).toBe(500);
    await lift('payment_transactions');
    expect(await transaction(id)).toMatchObject({ refundedCents: 700 });

    expire();
    const whole = await refund(id, {});
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().result.refund.amount).toBe(1500);
    expect(await refundedAtProcessor(id)).toBe(1500);
    expect(await transaction(id)).toMatchObject({ refundedCents: 1500, status: 'refunded' });
  });

  it('a server that died after the processor refunded: the settling records the refund', async () => {
    const id = await paidTransaction(1500);
    await failWrites('payment_refunds', 'true', 'insert');
    expect((await refund(id, { amount: 400 })).statusCode).toBe(500);
    await lift('payment_refunds');
    expect(await refundedAtProcessor(id)).toBe(400);

    expire();
    expect(await settlePaymentAttempts(t.app, processor())).toBeGreaterThanOrEqual(1);
    const [recorded] = await refundsOf(id);
    expect(recorded).toMatchObject({ amountCents: 400, status: 'succeeded' });
    expect(await transaction(id)).toMatchObject({ refundedCents: 400, status: 'partially_refunded' });
    expect(await db().select().from(paymentAttempts)).toEqual([]);
  });

  it('two refunds at once for more than is left: one passes, the other is refused', async () => {
    const id = await paidTransaction(1500);
    const answers = await Promise.all([refund(id, { amount: 1000 }, 'both-1'), refund(id, { amount: 1000 }, 'both-2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await refundedAtProcessor(id)).toBe(1000);
    expect(await transaction(id)).toMatchObject({ refundedCents: 1000 });
  });
});

describe('subscription charges', () => {
  const charges = async () =>
    (await db().select({ n: count() }).from(localProcessorObjects).where(eq(localProcessorObjects.type, 'charge')))[0]!
      .n;
  async function payingUser(who: string) {
    const token = await session(who);
    const id = (await t.call({ method: 'GET', url: API.me, token })).json().result.id as string;
    // No free trial: a subscription is charged when it is bought.
    await db().update(users).set({ trialEndsAt: null }).where(eq(users.id, id));
    await addCard(t, token);
    return { id, pro: await planId(t, token, 'Pro') };
  }

  it('charged, but the subscription was never written: the settling puts the charge on the books and refunds it', async () => {
    const { id, pro } = await payingUser('mover');
    const before = await charges();
    await failWrites('subscriptions', 'true');
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: await session('mover'),
      payload: { planId: pro },
      headers: { 'idempotency-key': 'subscribe-died' },
    });
    expect(res.statusCode).toBe(500);
    await lift('subscriptions');
    expect(await charges()).toBe(before + 1);

    expire();
    await settlePaymentAttempts(t.app, processor());
    const [paid] = await db()
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.payerUserId, id), eq(paymentTransactions.kind, 'subscription')));
    expect(paid).toMatchObject({ amountCents: 1400, refundedCents: 1400, status: 'refunded' });
    const [charge] = await db()
      .select()
      .from(localProcessorObjects)
      .where(eq(localProcessorObjects.id, paid!.processorChargeId!));
    expect(charge!.data).toMatchObject({ captured: 1400, refunded: 1400 });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
  });

  it('a renewal charged by a server that died before writing it is recorded with its invoice, and charged once', async () => {
    const { id, pro } = await payingUser('trucker');
    const bought = await t.call({
      method: 'POST',
      url: API.subscription,
      token: await session('trucker'),
      payload: { planId: pro },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const invoicesOf = () => db().select().from(invoices).where(eq(invoices.userId, id));
    expect(await invoicesOf()).toHaveLength(1);

    t.clock.advance(31 * 86_400_000);
    const before = await charges();
    // Dies after the charge: the invoice is never written, and neither is anything after it.
    await failWrites('invoices', 'true', 'insert');
    await failWrites('subscriptions', 'new.current_period_end < old.current_period_end', 'update');
    await renewDueSubscriptions(t.app, processor()).catch(() => 0);
    await lift('invoices');
    await lift('subscriptions');
    expect(await charges()).toBe(before + 1);

    expire();
    await settlePaymentAttempts(t.app, processor());
    const all = await invoicesOf();
    expect(all).toHaveLength(2);
    expect(await renewDueSubscriptions(t.app, processor())).toBe(0);
    expect(await charges()).toBe(before + 1);
    const renewals = await db()
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.payerUserId, id), eq(paymentTransactions.status, 'succeeded')));
    expect(renewals).toHaveLength(2);
  });

  it('a renewal whose server died before charging gives its period back, and the next run charges it', async () => {
    const id = (await t.call({ method: 'GET', url: API.me, token: await session('trucker') })).json().result.id;
    t.clock.advance(31 * 86_400_000);
    const before = await charges();
    // Dies once the period is claimed, before the charge: nothing after it runs.
    vi.spyOn(LocalProcessor.prototype, 'charge').mockRejectedValueOnce(new Error('the server died here'));
    await failWrites('subscriptions', 'new.current_period_end < old.current_period_end', 'update');
    await renewDueSubscriptions(t.app, processor()).catch(() => 0);
    await lift('subscriptions');
    expect(await charges()).toBe(before);
    expire();
    await settlePaymentAttempts(t.app, processor());
    expect(await renewDueSubscriptions(t.app, processor())).toBeGreaterThanOrEqual(1);
    expect(await charges()).toBe(before + 1);
    expect(await db().select().from(invoices).where(eq(invoices.userId, id))).toHaveLength(3);
  });
});
