/**
 * Monthly renewal of paid subscriptions. Every few minutes (and on demand in tests) the
 * subscriptions whose period ended are charged again on the card they use (or the default one).
 * Each renewal is claimed with a conditional UPDATE that moves the period forward, so several
 * server processes never renew the same period twice, and the charge carries a key derived from
 * the period, so a processor retry cannot double it either. A refused card ends the
 * subscription: past_due, the user inactive (the guard sends them to /checkout) and a live
 * SubscriptionCancel.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull, lt, lte } from 'drizzle-orm';
import { HUB_EVENTS } from '../../../src/domain/notifications';
import {
  idempotencyKeys,
  invoices,
  paymentMethods,
  paymentTransactions,
  plans,
  subscriptions,
  users,
} from '../../db/schema';
import { CardError, type PaymentProcessor } from './processors/types';
import { newInvoiceNumber } from './invoice-number';

export const PERIOD_DAYS = 30;
const PERIOD_MS = PERIOD_DAYS * 86_400_000;

export async function renewDueSubscriptions(app: FastifyInstance, processor: PaymentProcessor): Promise<number> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const due = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, new Date(now))))
    .limit(100);
  let renewed = 0;
  for (const sub of due) {
    const start = sub.currentPeriodEnd;
    const end = new Date(start.getTime() + PERIOD_MS);
    const [claimed] = await db
      .update(subscriptions)
      .set({ currentPeriodStart: start, currentPeriodEnd: end })
      .where(
        and(
          eq(subscriptions.id, sub.id),
          eq(subscriptions.currentPeriodEnd, start),
          eq(subscriptions.status, 'active'),
        ),
      )
      .returning();
    if (!claimed) continue;
    if (sub.priceCents === 0) {
      renewed++;
      continue;
    }
    const [plan] = await db.select().from(plans).where(eq(plans.id, sub.planId));
    const [user] = await db.select().from(users).where(eq(users.id, sub.userId));
    const cards = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, sub.userId));
    const card = cards.find((c) => c.id === sub.paymentMethodId) ?? cards.find((c) => c.isDefault);
    const description = `${plan?.name ?? 'Plan'} plan subscription (renewal)`;
    try {
      if (!card || !user) throw new CardError('card_declined');
      const customerRef = await processor.customerFor({
        id: user.id,
        email: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
      });
      const charge = await processor.charge({
        amountCents: sub.priceCents,
        description,
        cardToken: card.token,
        customerRef,
        idempotencyKey: `renew:${sub.id}:${start.getTime()}`,
        metadata: { subscriptionId: sub.id },
      });
      const [txn] = await db
        .insert(paymentTransactions)
        .values({
          payerUserId: sub.userId,
          kind: 'subscription',
          subscriptionId: sub.id,
          description,
          amountCents: charge.capturedCents,
          status: 'succeeded',
          processor: processor.name,
          processorChargeId: charge.id,
          cardBrand: card.brand,
          cardLast4: card.last4,
          payerName: card.nameOnCard,
          payerEmail: user.email,
          createdAt: new Date(now),
        })
        .returning();
      await db.insert(invoices).values({
        userId: sub.userId,
        number: newInvoiceNumber(now),
        subscriptionId: sub.id,
        transactionId: txn!.id,
        description: `${plan?.name ?? 'Plan'} plan — ${PERIOD_DAYS} days`,
        amountCents: charge.capturedCents,
        status: 'paid',
        cardBrand: card.brand,
        cardLast4: card.last4,
        periodStart: start,
        periodEnd: end,
        createdAt: new Date(now),
      });
      renewed++;
    } catch (error) {
      if (!(error instanceof CardError)) {
        // Processor trouble: give the period back so the next run tries again.
        await db
          .update(subscriptions)
          .set({ currentPeriodStart: sub.currentPeriodStart, currentPeriodEnd: start })
          .where(eq(subscriptions.id, sub.id));
        app.log.warn({ subscriptionId: sub.id, error: (error as Error).name }, 'subscription renewal postponed');
        continue;
      }
      await db.insert(paymentTransactions).values({
        payerUserId: sub.userId,
        kind: 'subscription',
        subscriptionId: sub.id,
        description,
        amountCents: sub.priceCents,
        status: 'failed',
        processor: processor.name,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        failureCode: error.code,
        failureMessage: error.message,
        createdAt: new Date(now),
      });
      await db
        .update(subscriptions)
        .set({ status: 'past_due', currentPeriodEnd: start, canceledAt: new Date(now) })
        .where(eq(subscriptions.id, sub.id));
      await db
        .update(users)
        .set({ subscriptionActive: false, trialEndsAt: null, updatedAt: new Date(now) })
        .where(eq(users.id, sub.userId));
      await app.ctx.hub
        .publish({ kind: 'user', userId: sub.userId, target: HUB_EVENTS.subscriptionCancel, args: ['cancel'] })
        .catch(() => undefined);
    }
  }
  return renewed;
}

/** Runs renewals (and the idempotency-key purge) every `everyMs` while the app is up (one timer per process, unref'd). */
export function scheduleRenewals(app: FastifyInstance, processor: PaymentProcessor, everyMs = 10 * 60_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    renewDueSubscriptions(app, processor)
      .then(() => purgeIdempotencyKeys(app))
      .catch((err: Error) => app.log.warn({ error: err.name }, 'subscription renewals failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Stored Idempotency-Key answers are replayed for 24 hours (like Stripe); older ones go. */
export async function purgeIdempotencyKeys(app: FastifyInstance) {
  await app.ctx.database.db
    .delete(idempotencyKeys)
    .where(
      and(isNotNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, new Date(app.ctx.now() - 86_400_000))),
    );
}
