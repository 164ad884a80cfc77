import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { addCard, cardPayload, planId } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API, apiPath } from '../../src/domain/api-paths';
import {
  idempotencyKeys,
  localProcessorObjects,
  paymentMethods,
  paymentRefunds,
  paymentTransactions,
  subscriptions,
  users,
} from '../../server/db/schema';
import { TEST_CARDS } from '../../server/modules/payments/processors/test-cards';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['user', 'clubowner', 'mover', 'trucker']) {
    const s = await t.login(`${who}@demo.test`);
    tokens[who] = s.access;
    ids[who] = s.res.json().result.id;
  }
  // No free trial: a subscription is charged when it is bought (during a trial it waits for its end).
  await t.app.ctx.database.db.update(users).set({ trialEndsAt: null });
});
afterAll(() => t.close());

const db = () => t.app.ctx.database.db;
const charges = async () =>
  (await db().select({ n: count() }).from(localProcessorObjects).where(eq(localProcessorObjects.type, 'charge')))[0]!.n;
const N = 8;

describe('Idempotency-Key under concurrent identical requests', () => {
  it('add card: one card saved, every answer the same', async () => {
    const headers = { 'idempotency-key': 'card-key-1' };
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        t.call({ method: 'POST', url: API.addPaymentMethod, token: tokens.mover!, payload: cardPayload(), headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    expect(new Set(answers.map((a) => a.json().result.id)).size).toBe(1);
    const [row] = await db().select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.userId, ids.mover!));
    expect(row!.n).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(N - 1);
  });

  it('subscription: charged once, one subscription, one transaction', async () => {
    await addCard(t, tokens.user!);
    const pro = await planId(t, tokens.user!, 'Pro');
    const before = await charges();
    const headers = { 'idempotency-key': 'sub-key-1' };
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        t.call({ method: 'POST', url: API.subscription, token: tokens.user!, payload: { planId: pro }, headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    expect(new Set(answers.map((a) => a.json().result.subscription.id)).size).toBe(1);
    expect(await charges()).toBe(before + 1);
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, ids.user!));
    expect(subs).toHaveLength(1);
    const txns = await db().select().from(paymentTransactions).where(eq(paymentTransactions.payerUserId, ids.user!));
    expect(txns).toHaveLength(1);
  });

  it('a retry after the answer replays it without charging again', async () => {
    const before = await charges();
    const pro = await planId(t, tokens.user!, 'Pro');
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: tokens.user!,
      payload: { planId: pro },
      headers: { 'idempotency-key': 'sub-key-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(await charges()).toBe(before);
  });

  it('the same key with a different body is refused (409); a malformed key is 400', async () => {
    const free = await planId(t, tokens.user!, 'Free');
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: tokens.user!,
      payload: { planId: free },
      headers: { 'idempotency-key': 'sub-key-1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.idempotencyKeyReused);
    const bad = await t.call({
      method: 'PATCH',
      url: API.subscription,
      token: tokens.user!,
      headers: { 'idempotency-key': 'has space' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.idempotencyKeyInvalid);
  });

  it('keys are per caller: another user may use the same key', async () => {
    const res = await t.call({
      method: 'POST',
      url: API.addPaymentMethod,
      token: tokens.trucker!,
      payload: cardPayload(),
      headers: { 'idempotency-key': 'sub-key-1' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a declined card stays declined on retry with the same key (stored answer, no second attempt)', async () => {
    const link = (
      await t.call({
        method: 'POST',
        url: API.checkoutSession,
        token: tokens.clubowner!,
        payload: { amount: 700, description: 'Cover' },
      })
    ).json().result;
    const headers = { 'idempotency-key': 'declined-1' };
    const body = cardPayload({ number: TEST_CARDS.declined });
    const first = await t.call({
      method: 'POST',
      url: apiPath(API.publicPaymentLinkPay, { token: link.token }),
      payload: body,
      headers,
    });
    const second = await t.call({
      method: 'POST',
      url: apiPath(API.publicPaymentLinkPay, { token: link.token }),
      payload: body,
      headers,
    });
    expect([first.statusCode, second.statusCode]).toEqual([402, 402]);
    expect(second.json().message).toBe(MESSAGES.cardDeclined);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const failed = await db()
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.paymentLinkId, link.id), eq(paymentTransactions.status, 'failed')));
    expect(failed).toHaveLength(1);
  });

  it('public pay of a link: charged once, one transaction', async () => {
    const link = (
      await t.call({
        method: 'POST',
        url: API.checkoutSession,
        token: tokens.clubowner!,
        payload: { amount: 1500, description: 'Ticket' },
      })
    ).json().result;
    const before = await charges();
    const headers = { 'idempotency-key': 'pay-key-1' };
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        t.call({
          method: 'POST',
          url: apiPath(API.publicPaymentLinkPay, { token: link.token }),
          payload: cardPayload(),
          headers,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    expect(new Set(answers.map((a) => a.json().result.transactionId)).size).toBe(1);
    expect(await charges()).toBe(before + 1);
    const txns = await db()
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.paymentLinkId, link.id), eq(paymentTransactions.status, 'succeeded')));
    expect(txns).toHaveLength(1);
  });

  it('refund: refunded once', async () => {
    const [txn] = await db()
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.amountCents, 1500), eq(paymentTransactions.status, 'succeeded')));
    const headers = { 'idempotency-key': 'refund-key-1' };
    // Refunds are the transactions screen's, which the subscription guard serves only within a
    // trial or with a subscription (the owner buys theirs below, charged at once: no trial then).
    const owner = eq(users.id, ids.clubowner!);
    await db()
      .update(users)
      .set({ trialEndsAt: new Date(t.clock.now + 86_400_000) })
      .where(owner);
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        t.call({
          method: 'POST',
          url: apiPath(API.refundTransaction, { transactionId: txn!.id }),
          token: tokens.clubowner!,
          payload: { amount: 500 },
          headers,
        }),
      ),
    );
    await db().update(users).set({ trialEndsAt: null }).where(owner);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, txn!.id));
    expect(refunds).toHaveLength(1);
    const [after] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, txn!.id));
    expect(after).toMatchObject({ refundedCents: 500, status: 'partially_refunded' });
  });

  it('stored request hashes never carry card data', async () => {
    const rows = await db().select().from(idempotencyKeys);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/4242424242424242|4000000000000002/);
  });
});

describe('without an Idempotency-Key', () => {
  it('a concurrent double submit of a subscription still charges once', async () => {
    await addCard(t, tokens.clubowner!);
    const pro = await planId(t, tokens.clubowner!, 'Pro');
    const before = await charges();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call({ method: 'POST', url: API.subscription, token: tokens.clubowner!, payload: { planId: pro } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().message === MESSAGES.subscriptionAlreadyActive),
    ).toBe(true);
    expect(await charges()).toBe(before + 1);
    // The lock the four waited on is let go of: nothing is left under its own scope.
    const left = await db()
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, `lock:${ids.clubowner!}`));
    expect(left).toEqual([]);
  });

  it("a client's Idempotency-Key never stands for the route's own lock, whatever it is", async () => {
    await addCard(t, tokens.mover!);
    const pro = await planId(t, tokens.mover!, 'Pro');
    const before = await charges();
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: tokens.mover!,
      payload: { planId: pro },
      headers: { 'Idempotency-Key': 'implicit:subscription' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await charges()).toBe(before + 1);
  });
});

describe("the route's exclusive lock", () => {
  const lockRows = (scope: string) => db().select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));

  it('a lock left by a server that died holding it is taken over once its lease runs out', async () => {
    await addCard(t, tokens.trucker!);
    const pro = await planId(t, tokens.trucker!, 'Pro');
    // As a holder leaves it when its process dies: its lease, renewed no more, runs out in half a second.
    await db()
      .insert(idempotencyKeys)
      .values({
        scope: `lock:${ids.trucker!}`,
        key: 'subscription',
        requestHash: 'dead holder',
        createdAt: new Date(t.clock.now),
        leaseExpiresAt: sql`now() + interval '500 milliseconds'`,
      });
    const before = await charges();
    const started = Date.now();
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: tokens.trucker!,
      payload: { planId: pro },
    });
    // With a lock stale only after ten minutes, it waited its twenty seconds and answered 409.
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await charges()).toBe(before + 1);
    expect(await lockRows(`lock:${ids.trucker!}`)).toEqual([]);
  });

  it('a live holder keeps it past its lease by renewing it: the next caller waits for the holder to finish', async () => {
    const { exclusively } = await import('../../server/modules/payments/idempotency');
    const lease = { leaseMs: 400, renewMs: 100 };
    const order: string[] = [];
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const holder = exclusively(
      t.app,
      'live-holder',
      'subscription',
      'first',
      async () => {
        order.push('holder starts');
        entered();
        await holding;
        order.push('holder ends');
      },
      lease,
    );
    await inside;
    const waiter = exclusively(t.app, 'live-holder', 'subscription', 'second', async () => order.push('waiter'), lease);
    // Three leases long: a lease nobody renewed would have run out twice over, and the waiter run.
    await new Promise((resolve) => setTimeout(resolve, 3 * lease.leaseMs));
    expect(order).toEqual(['holder starts']);
    release();
    await Promise.all([holder, waiter]);
    expect(order).toEqual(['holder starts', 'holder ends', 'waiter']);
    expect(await lockRows('lock:live-holder')).toEqual([]);
  });
});

describe('retention', () => {
  it('answers (and requests never answered) older than 24 hours are purged', async () => {
    const { purgeIdempotencyKeys } = await import('../../server/modules/payments/idempotency');
    // A request whose server died mid-run never got an answer: it goes with the rest.
    await db()
      .insert(idempotencyKeys)
      .values({ scope: 'public:abandoned', key: 'k', requestHash: 'h', createdAt: new Date(t.clock.now) });
    const before = (await db().select({ n: count() }).from(idempotencyKeys))[0]!.n;
    expect(before).toBeGreaterThan(0);
    await purgeIdempotencyKeys(t.app);
    expect((await db().select({ n: count() }).from(idempotencyKeys))[0]!.n).toBe(before);
    t.clock.advance(25 * 3_600_000);
    await purgeIdempotencyKeys(t.app);
    expect((await db().select({ n: count() }).from(idempotencyKeys))[0]!.n).toBe(0);
  });
});
