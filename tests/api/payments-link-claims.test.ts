/**
 * A payment link's claim ('processing' while a payer's card is charged) never outlives its
 * payment: a failure before the charge gives the link back, a server that died mid-payment leaves
 * a claim that expires and is settled with the processor (the charge it made recorded, or the
 * link payable again), and no path charges a link twice. A crash is played by a trigger that
 * fails the server's own writes at the chosen moment, so neither its error path nor its clean-up
 * runs, as when the process is killed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { cardPayload } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API, apiPath } from '../../src/domain/api-paths';
import { TEST_CARDS } from '../../server/modules/payments/processors/test-cards';
import { closeLink, LINK_CLAIM } from '../../server/modules/payments/payment-links-service';
import { pgUrl } from './helpers/database';
import { LocalProcessor } from '../../server/modules/payments';
import { settlePaymentAttempts } from '../../server/modules/payments/renewals';
import { ABANDONED_MS } from '../../server/modules/payments/idempotency';
import { localProcessorObjects, paymentLinks, paymentTransactions } from '../../server/db/schema';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.ctx.database.db;
let ip = 0;
// Each payment from an address of its own: the route's per-address limit is not what is tested.
const pay = (token: string, over: Record<string, unknown> = {}) =>
  t.call({
    method: 'POST',
    url: apiPath(API.publicPaymentLinkPay, { token }),
    payload: cardPayload(over),
    remoteAddress: `10.9.0.${++ip}`,
  });
const open = async (token: string) =>
  (await t.call({ method: 'GET', url: apiPath(API.publicPaymentLink, { token }) })).json().result;
async function newLink(amount: number) {
  // A session of its own: the tests move the clock past an access token's life.
  owner = (await t.login('clubowner@demo.test')).access;
  const res = await t.call({
    method: 'POST',
    url: API.checkoutSession,
    token: owner,
    payload: { amount, description: `Claims ${amount}` },
  });
  return res.json().result as { id: string; token: string };
}
const row = async (id: string) => (await db().select().from(paymentLinks).where(eq(paymentLinks.id, id)))[0]!;
const charges = async () =>
  (await db().select({ n: count() }).from(localProcessorObjects).where(eq(localProcessorObjects.type, 'charge')))[0]!.n;
const paymentsOf = (id: string) =>
  db()
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.paymentLinkId, id), eq(paymentTransactions.status, 'succeeded')));

/** Fails the server's writes that match `when` (a trigger condition on NEW) until `lift` is called. */
async function failWrites(table: string, when: string) {
  await db().execute(
    sql.raw(`create or replace function test_crash() returns trigger language plpgsql as $$
      begin raise exception 'the server died here'; end $$`),
  );
  await db().execute(
    sql.raw(`create trigger test_crash before insert or update on ${table} for each row when (${when})
      execute function test_crash()`),
  );
}
const lift = (table: string) => db().execute(sql.raw(`drop trigger if exists test_crash on ${table}`));

afterEach(async () => {
  vi.restoreAllMocks();
  await lift('payment_links');
  await lift('local_processor_objects');
  await lift('idempotency_keys');
});

describe('a failure before the charge gives the link back', () => {
  it('the declines count failing (the query under the claim) leaves the link payable', async () => {
    const link = await newLink(1111);
    const original = db().select.bind(db());
    // The count of the link's declines is the one select of the payment whose only field is `n`.
    vi.spyOn(db(), 'select').mockImplementation(((fields?: Record<string, unknown>) => {
      if (fields && Object.keys(fields).join() === 'n') throw new Error('count failed');
      return original(fields as never);
    }) as typeof original);
    const failed = await pay(link.token);
    expect(failed.statusCode).toBe(500);
    vi.restoreAllMocks();
    expect((await row(link.id)).status).toBe('active');
    const paid = await pay(link.token);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe('a server that died mid-payment', () => {
  it('before the charge: the claim expires, and the link is payable again (once)', async () => {
    const link = await newLink(2222);
    const before = await charges();
    // Dies while tokenising the card, and its clean-up never runs.
    await failWrites('local_processor_objects', "new.type = 'card'");
    await failWrites('payment_links', "new.status = 'active'");
    expect((await pay(link.token)).statusCode).toBe(500);
    await lift('local_processor_objects');
    await lift('payment_links');
    expect((await row(link.id)).status).toBe('processing');

    // While the claim may still be charging, another payer is told a payment is under way.
    const early = await pay(link.token, { number: TEST_CARDS.mastercard });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MESSAGES.paymentLinkInProgress);

    t.clock.advance(LINK_CLAIM.expiresMs + 1000);
    expect(await open(link.token)).toMatchObject({ status: 'active' });
    expect((await row(link.id)).status).toBe('active');
    const paid = await pay(link.token, { number: TEST_CARDS.mastercard });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await charges()).toBe(before + 1);
    expect(await paymentsOf(link.id)).toHaveLength(1);
  });

  it('after the charge: the expired claim finds the charge and records it; nobody is charged twice', async () => {
    const link = await newLink(3333);
    const before = await charges();
    // Charged, then dies before the payment is written (the link never reaches 'paid').
    await failWrites('payment_links', "new.status in ('paid', 'active')");
    expect((await pay(link.token)).statusCode).toBeGreaterThanOrEqual(500);
    await lift('payment_links');
    expect(await charges()).toBe(before + 1);
    expect((await row(link.id)).status).toBe('processing');

    t.clock.advance(LINK_CLAIM.expiresMs + 1000);
    expect(await open(link.token)).toMatchObject({ status: 'paid' });
    const [payment] = await paymentsOf(link.id);
    expect(payment).toMatchObject({ amountCents: 3333, cardLast4: TEST_CARDS.success.slice(-4) });
    const again = await pay(link.token, { number: TEST_CARDS.mastercard });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.paymentLinkPaid);
    expect(await charges()).toBe(before + 1);
    const session = (await t.login('clubowner@demo.test')).access;
    const list = await t.call({ method: 'GET', url: API.paymentLinks, token: session, query: { perPage: '50' } });
    const listed = list.json().result.find((l: { id: string }) => l.id === link.id);
    expect(listed).toMatchObject({ status: 'paid' });
  });

  it('a charge the processor may have made keeps the claim: the payer is not told the link is free', async () => {
    const link = await newLink(4444);
    // The write after the charge fails (a database hiccup, not a crash): the error path runs.
    await failWrites('payment_links', "new.status = 'paid'");
    const failed = await pay(link.token);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    await lift('payment_links');
    // Before, the error path gave the link back here, charged and unrecorded, for a second payer.
    expect((await row(link.id)).status).toBe('processing');
    const second = await pay(link.token, { number: TEST_CARDS.mastercard });
    expect(second.statusCode).toBe(409);
    t.clock.advance(LINK_CLAIM.expiresMs + 1000);
    expect(await open(link.token)).toMatchObject({ status: 'paid' });
    expect(await paymentsOf(link.id)).toHaveLength(1);
  });

  it("the payer's retry with the same Idempotency-Key is not refused forever as still running", async () => {
    const link = await newLink(6666);
    const headers = { 'idempotency-key': 'died-mid-request' };
    const attempt = () =>
      t.call({
        method: 'POST',
        url: apiPath(API.publicPaymentLinkPay, { token: link.token }),
        payload: cardPayload(),
        headers,
        remoteAddress: '10.9.1.1',
      });
    // Dies while tokenising the card, and the request's key is never let go of.
    await failWrites('local_processor_objects', "new.type = 'card'");
    await db().execute(
      sql.raw(`create trigger test_crash before delete on idempotency_keys execute function test_crash()`),
    );
    expect((await attempt()).statusCode).toBe(500);
    await lift('local_processor_objects');
    await lift('idempotency_keys');
    t.clock.advance(ABANDONED_MS + 1000);
    const retry = await attempt();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await paymentsOf(link.id)).toHaveLength(1);
  });

  it('the settling timer records an expired claim nobody opens the link for', async () => {
    const link = await newLink(7777);
    await failWrites('payment_links', "new.status in ('paid', 'active')");
    await pay(link.token);
    await lift('payment_links');
    t.clock.advance(LINK_CLAIM.expiresMs + 1000);
    expect(await settlePaymentAttempts(t.app, new LocalProcessor({ db: db(), now: t.app.ctx.now }))).toBeGreaterThan(0);
    expect((await row(link.id)).status).toBe('paid');
    expect(await paymentsOf(link.id)).toHaveLength(1);
  });

  it('two visitors settling the same expired claim record its charge once', async () => {
    const link = await newLink(5555);
    await failWrites('payment_links', "new.status in ('paid', 'active')");
    await pay(link.token);
    await lift('payment_links');
    t.clock.advance(LINK_CLAIM.expiresMs + 1000);
    const seen = await Promise.all([open(link.token), open(link.token), open(link.token)]);
    expect(seen.map((s) => s.status)).toContain('paid');
    expect((await row(link.id)).status).toBe('paid');
    expect(await paymentsOf(link.id)).toHaveLength(1);
  });
});

describe('a claim from before claims were timed (migration 0071: no claimed_at)', () => {
  it('without a key: the link takes payments again', async () => {
    const link = await newLink(8111);
    await db()
      .update(paymentLinks)
      .set({ status: 'processing', claimedAt: null, attemptKey: null })
      .where(eq(paymentLinks.id, link.id));
    expect(await open(link.token)).toMatchObject({ status: 'active' });
    const paid = await pay(link.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await paymentsOf(link.id)).toHaveLength(1);
  });

  it('with a key: the charge made under it is found and recorded, nobody is charged twice', async () => {
    const link = await newLink(8222);
    const before = await charges();
    await failWrites('payment_links', "new.status in ('paid', 'active')");
    expect((await pay(link.token)).statusCode).toBeGreaterThanOrEqual(500);
    await lift('payment_links');
    await db().update(paymentLinks).set({ claimedAt: null }).where(eq(paymentLinks.id, link.id));
    expect(await open(link.token)).toMatchObject({ status: 'paid' });
    expect(await paymentsOf(link.id)).toHaveLength(1);
    expect(await charges()).toBe(before + 1);
  });
});

describe.skipIf(!pgUrl())('closing a link while a payer claims it (PostgreSQL)', () => {
  it('an invoice closing its link as the payment claims it is refused, not voided under a payment', async () => {
    const link = await newLink(7777);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
    // The payer's claim, not committed yet.
    const payer = db().transaction(async (tx) => {
      await tx.update(paymentLinks).set({ status: 'processing' }).where(eq(paymentLinks.id, link.id));
      claimed();
      await held;
    });
    await isClaimed;
    const closing = closeLink(db(), link.token);
    try {
      // closeLink waits on the claimed row.
      for (;;) {
        const [waiting] = (
          await db().execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows;
        if (waiting && waiting.n > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      release();
      await payer;
    }
    expect(await closing).toBe(false);
    expect((await row(link.id)).status).toBe('processing');
  });
});
