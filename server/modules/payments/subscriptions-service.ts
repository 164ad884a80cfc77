/**
 * Subscriptions: the one writer of subscriptions and of the user's subscription state (plan,
 * subscriptionActive, trial end), which the route guard reads (the product brief, section 2,
 * Screens and routes: "Route guards"). Subscribing outside a free trial charges the card through
 * the processor at once; subscribing during one keeps the trial, as billing products do: the
 * subscription is 'trialing' until the trial ends, and the renewals charge its first period
 * then (src/domain/payments/order-terms.ts is the rule the checkout shows). Stopping a running
 * subscription pushes SubscriptionCancel; stopping a trialing one leaves the trial as it was.
 * Every charge, refused or not, and its invoice go through the ledger.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { HUB_EVENTS } from '../../../src/domain/notifications';
import { LIVE_SUBSCRIPTION_STATUSES, trialRunning } from '../../../src/domain/payments/order-terms';
import { users, type plans } from '../../db/tables/core';
import { setBillingState } from '../user';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  cardOf,
  cardsOf,
  defaultCardOf,
  liveSubscriptionOf,
  planById,
  subscriptionsDue,
  userById,
} from './billing-queries';
import { customerOf } from './cards-service';
import { cardRefused, processorCall, type PaymentsEnv, type Tx } from './deps';
import type { Ledger, PaymentRecord } from './ledger';
import { CardError, type ChargeResult } from './processors/types';
import { subscriptions, type paymentMethods } from './tables';

/** A paid period lasts this many days; then the subscription renews. */
export const PERIOD_DAYS = 30;
const PERIOD_MS = PERIOD_DAYS * 86_400_000;

type PlanRow = typeof plans.$inferSelect;
type CardRow = typeof paymentMethods.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface SubscribeInput {
  planId: string;
  /** Pay with this saved card instead of the default one. */
  cardId?: string;
}

const chargeDescription = (planName: string) => `${planName} plan subscription`;
const invoiceDescription = (planName: string) => `${planName} plan — ${PERIOD_DAYS} days`;

export class SubscriptionsService {
  constructor(
    private readonly env: PaymentsEnv,
    private readonly ledger: Ledger,
  ) {}

  /**
   * Subscribes the user to a plan. Outside a free trial a paid plan is charged to the chosen
   * (or default) card now, for the first period. During a trial nothing is charged: the
   * subscription waits ('trialing') until the trial ends, with the card kept for that first
   * charge, and the trial goes on. The plan of the live subscription is refused (409); another
   * live one is replaced. Call it under an idempotency lock: the charge must not run twice.
   */
  async subscribe(
    userId: string,
    input: SubscribeInput,
    idempotencyKey: string,
    log: FastifyBaseLogger,
  ): Promise<{ subscription: SubscriptionRow; plan: PlanRow }> {
    const { db, processor } = this.env;
    const plan = await planById(db, input.planId);
    if (!plan) throw badRequest(MESSAGES.planInvalid, { planId: MESSAGES.planInvalid });
    const active = await liveSubscriptionOf(db, userId);
    if (active?.planId === plan.id) throw conflict(MESSAGES.subscriptionAlreadyActive);
    const card = input.cardId ? await cardOf(db, userId, input.cardId) : await defaultCardOf(db, userId);
    if (plan.priceCents > 0 && !card) {
      if (input.cardId) throw notFound();
      throw badRequest(MESSAGES.paymentMethodRequired, { cardId: MESSAGES.paymentMethodRequired });
    }
    const user = await userById(db, userId);
    if (!user) throw notFound();
    const now = this.env.now();
    const keepsTrial = trialRunning(user.trialEndsAt, now);
    const record: PaymentRecord = {
      kind: 'subscription',
      payerUserId: userId,
      description: chargeDescription(plan.name),
      amountCents: plan.priceCents,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      at: now,
    };

    let charge: ChargeResult | null = null;
    if (plan.priceCents > 0 && card && !keepsTrial) {
      const customerRef = await customerOf(this.env, user, log);
      try {
        charge = await processor.charge({
          amountCents: plan.priceCents,
          description: record.description,
          cardToken: card.token,
          customerRef,
          idempotencyKey,
          metadata: { userId, planId: plan.id },
        });
      } catch (error) {
        if (error instanceof CardError) {
          await this.ledger.recordRefusal(record, error);
          throw cardRefused(error);
        }
        return processorCall(log, () => Promise.reject(error));
      }
    }

    const subscription = await db.transaction(async (tx) => {
      if (active) {
        await tx
          .update(subscriptions)
          .set({ status: 'canceled', canceledAt: new Date(now) })
          .where(eq(subscriptions.id, active.id));
      }
      const [created] = await tx
        .insert(subscriptions)
        .values({
          userId,
          planId: plan.id,
          status: keepsTrial ? 'trialing' : 'active',
          priceCents: plan.priceCents,
          paymentMethodId: card?.id ?? null,
          processorRef: charge?.id ?? null,
          currentPeriodStart: new Date(now),
          // A trialing subscription's first "period" is the rest of the trial: it starts when that ends.
          currentPeriodEnd: keepsTrial ? user.trialEndsAt! : new Date(now + PERIOD_MS),
          createdAt: new Date(now),
        })
        .returning();
      if (charge && card) {
        await this.recordPaidPeriod(tx, created!, plan.name, record, charge, card, user.email);
      }
      if (keepsTrial) {
        // Trial days left and no paid subscription yet: what the guard passes until the trial ends.
        await setBillingState(
          tx,
          userId,
          { subscriptionActive: false, planId: plan.id, trialEndsAt: user.trialEndsAt },
          now,
        );
      } else {
        // freeTrial 0 with an active subscription is what the guard passes.
        await setBillingState(tx, userId, { subscriptionActive: true, planId: plan.id, trialEndsAt: null }, now);
      }
      return created!;
    });
    return { subscription, plan };
  }

  /**
   * Stops the user's live subscription (409 when there is none). A running one ends access:
   * with no trial and no subscription the guard sends the user back to /checkout, and
   * SubscriptionCancel tells their open screens at once. A trialing one was never charged: the
   * trial goes on, with no plan chosen for after it, and nothing is pushed.
   */
  async cancel(userId: string): Promise<SubscriptionRow> {
    const now = this.env.now();
    const canceled = await this.env.db.transaction(async (tx) => {
      const [live] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
      if (!live) return null;
      // Conditional on the status read: a renewal that started it meanwhile makes this a 409 to retry.
      const [sub] = await tx
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: new Date(now) })
        .where(and(eq(subscriptions.id, live.id), eq(subscriptions.status, live.status)))
        .returning();
      if (!sub) return null;
      const wasTrialing = live.status === 'trialing';
      if (wasTrialing) {
        const [user] = await tx.select({ trialEndsAt: users.trialEndsAt }).from(users).where(eq(users.id, userId));
        await setBillingState(
          tx,
          userId,
          { subscriptionActive: false, planId: null, trialEndsAt: user?.trialEndsAt ?? null },
          now,
        );
      } else {
        await this.endAccess(tx, userId, now);
      }
      return { sub, wasTrialing };
    });
    if (!canceled) throw conflict(MESSAGES.subscriptionNotActive);
    if (canceled.wasTrialing) return canceled.sub;
    await this.env.hub.publish({
      kind: 'user',
      userId,
      target: HUB_EVENTS.subscriptionCancel,
      args: ['cancel'],
    });
    return canceled.sub;
  }

  /**
   * Renews the subscriptions whose period ended, and starts those whose free trial ended (their
   * first charge; the user becomes active). Each is claimed with a conditional UPDATE that
   * moves the period forward, so several server processes never renew the same period twice,
   * and the charge carries a key derived from the period, so a processor retry cannot double
   * it either. A refused card ends the subscription (past_due, the user inactive, a live
   * SubscriptionCancel); processor trouble gives the period (and the trialing state) back for
   * the next run. Returns how many were renewed or started.
   */
  async renewDue(): Promise<number> {
    const { db, processor } = this.env;
    const now = this.env.now();
    let renewed = 0;
    for (const sub of await subscriptionsDue(db, now)) {
      const start = sub.currentPeriodEnd;
      const end = new Date(start.getTime() + PERIOD_MS);
      const starting = sub.status === 'trialing';
      const [claimed] = await db
        .update(subscriptions)
        .set({ currentPeriodStart: start, currentPeriodEnd: end, status: 'active' })
        .where(
          and(
            eq(subscriptions.id, sub.id),
            eq(subscriptions.currentPeriodEnd, start),
            eq(subscriptions.status, sub.status),
          ),
        )
        .returning();
      if (!claimed) continue;
      if (sub.priceCents === 0) {
        if (starting) await this.startAfterTrial(db, sub, now);
        renewed++;
        continue;
      }
      const plan = await planById(db, sub.planId);
      const user = await userById(db, sub.userId);
      const cards = await cardsOf(db, sub.userId);
      const card = cards.find((c) => c.id === sub.paymentMethodId) ?? cards.find((c) => c.isDefault);
      const planName = plan?.name ?? 'Plan';
      const record: PaymentRecord = {
        kind: 'subscription',
        payerUserId: sub.userId,
        subscriptionId: sub.id,
        description: starting ? chargeDescription(planName) : `${chargeDescription(planName)} (renewal)`,
        amountCents: sub.priceCents,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        at: now,
      };
      try {
        if (!card || !user) throw new CardError('card_declined');
        const customerRef = await processor.customerFor({
          id: user.id,
          email: user.email,
          name: `${user.firstName} ${user.lastName}`.trim(),
        });
        const charge = await processor.charge({
          amountCents: sub.priceCents,
          description: record.description,
          cardToken: card.token,
          customerRef,
          idempotencyKey: `renew:${sub.id}:${start.getTime()}`,
          metadata: { subscriptionId: sub.id },
        });
        await db.transaction(async (tx) => {
          await this.recordPaidPeriod(tx, claimed, planName, record, charge, card, user.email);
          if (starting) await this.startAfterTrial(tx, sub, now);
        });
        renewed++;
      } catch (error) {
        if (!(error instanceof CardError)) {
          await db
            .update(subscriptions)
            .set({ currentPeriodStart: sub.currentPeriodStart, currentPeriodEnd: start, status: sub.status })
            .where(eq(subscriptions.id, sub.id));
          this.env.log.warn({ subscriptionId: sub.id, error: (error as Error).name }, 'subscription renewal postponed');
          continue;
        }
        await this.ledger.recordRefusal(record, error);
        await this.endForNonPayment(sub.id, sub.userId, start, now);
      }
    }
    return renewed;
  }

  /** The transaction and the invoice of the subscription's current period, in the caller's database transaction. */
  private async recordPaidPeriod(
    tx: Tx,
    sub: SubscriptionRow,
    planName: string,
    record: PaymentRecord,
    charge: ChargeResult,
    card: CardRow,
    payerEmail: string,
  ): Promise<void> {
    const transaction = await this.ledger.recordCharge(
      tx,
      { ...record, subscriptionId: sub.id, payerName: card.nameOnCard, payerEmail },
      charge,
    );
    await this.ledger.issueInvoice(tx, {
      userId: sub.userId,
      subscriptionId: sub.id,
      transaction,
      description: invoiceDescription(planName),
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
    });
  }

  /** The trial is over and the subscription it waited for runs: freeTrial 0 and active, as the guard wants. */
  private async startAfterTrial(tx: Tx | PaymentsEnv['db'], sub: SubscriptionRow, now: number) {
    await setBillingState(tx, sub.userId, { subscriptionActive: true, planId: sub.planId, trialEndsAt: null }, now);
  }

  /** A renewal the card refused: the subscription is past due and the user loses access. */
  private async endForNonPayment(subscriptionId: string, userId: string, paidUntil: Date, now: number) {
    await this.env.db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ status: 'past_due', currentPeriodEnd: paidUntil, canceledAt: new Date(now) })
        .where(eq(subscriptions.id, subscriptionId));
      await this.endAccess(tx, userId, now);
    });
    await this.env.hub
      .publish({ kind: 'user', userId, target: HUB_EVENTS.subscriptionCancel, args: ['cancel'] })
      .catch(() => undefined);
  }

  /** No trial and no subscription: what the guard sends back to /checkout. */
  private async endAccess(tx: Tx, userId: string, now: number) {
    await setBillingState(tx, userId, { subscriptionActive: false, trialEndsAt: null }, now);
  }
}
