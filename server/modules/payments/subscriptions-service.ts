/**
 * Subscriptions: the one writer of subscriptions and of the user's subscription state (plan,
 * subscriptionActive, trial end), which the route guard reads (the product brief, section 2,
 * Screens and routes: "Route guards"). Subscribing charges the card through the processor and
 * ends the free trial; stopping pushes SubscriptionCancel; renewals charge each paid period
 * again. Every charge, refused or not, and its invoice go through the ledger.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { HUB_EVENTS } from '../../../src/domain/notifications';
import type { plans } from '../../db/tables/core';
import { setBillingState } from '../user/accounts';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  activeSubscriptionOf,
  cardOf,
  cardsOf,
  defaultCardOf,
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
   * Subscribes the user to a plan: a paid plan is charged to the chosen (or default) card now,
   * for the first period. A plan already active is refused (409); another active one is
   * replaced. Call it under an idempotency lock: the charge must not run twice.
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
    const active = await activeSubscriptionOf(db, userId);
    if (active?.planId === plan.id) throw conflict(MESSAGES.subscriptionAlreadyActive);
    const card = input.cardId ? await cardOf(db, userId, input.cardId) : await defaultCardOf(db, userId);
    if (plan.priceCents > 0 && !card) {
      if (input.cardId) throw notFound();
      throw badRequest(MESSAGES.paymentMethodRequired, { cardId: MESSAGES.paymentMethodRequired });
    }
    const user = await userById(db, userId);
    if (!user) throw notFound();
    const now = this.env.now();
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
    if (plan.priceCents > 0 && card) {
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
          status: 'active',
          priceCents: plan.priceCents,
          paymentMethodId: card?.id ?? null,
          processorRef: charge?.id ?? null,
          currentPeriodStart: new Date(now),
          currentPeriodEnd: new Date(now + PERIOD_MS),
          createdAt: new Date(now),
        })
        .returning();
      if (charge && card) {
        await this.recordPaidPeriod(tx, created!, plan.name, record, charge, card, user.email);
      }
      // Subscribing ends the free trial: freeTrial 0 with an active subscription is what the guard passes.
      await setBillingState(tx, userId, { subscriptionActive: true, planId: plan.id, trialEndsAt: null }, now);
      return created!;
    });
    return { subscription, plan };
  }

  /**
   * Stops the user's active subscription (409 when there is none). With no trial and no
   * subscription the guard sends the user back to /checkout; SubscriptionCancel tells their
   * open screens at once.
   */
  async cancel(userId: string): Promise<SubscriptionRow> {
    const now = this.env.now();
    const canceled = await this.env.db.transaction(async (tx) => {
      const [sub] = await tx
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: new Date(now) })
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
        .returning();
      if (!sub) return null;
      await this.endAccess(tx, userId, now);
      return sub;
    });
    if (!canceled) throw conflict(MESSAGES.subscriptionNotActive);
    await this.env.hub.publish({
      kind: 'user',
      userId,
      target: HUB_EVENTS.subscriptionCancel,
      args: ['cancel'],
    });
    return canceled;
  }

  /**
   * Renews the subscriptions whose period ended: each is claimed with a conditional UPDATE that
   * moves the period forward, so several server processes never renew the same period twice,
   * and the charge carries a key derived from the period, so a processor retry cannot double
   * it either. A refused card ends the subscription (past_due, the user inactive, a live
   * SubscriptionCancel); processor trouble gives the period back for the next run. Returns how
   * many were renewed.
   */
  async renewDue(): Promise<number> {
    const { db, processor } = this.env;
    const now = this.env.now();
    let renewed = 0;
    for (const sub of await subscriptionsDue(db, now)) {
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
      const plan = await planById(db, sub.planId);
      const user = await userById(db, sub.userId);
      const cards = await cardsOf(db, sub.userId);
      const card = cards.find((c) => c.id === sub.paymentMethodId) ?? cards.find((c) => c.isDefault);
      const planName = plan?.name ?? 'Plan';
      const record: PaymentRecord = {
        kind: 'subscription',
        payerUserId: sub.userId,
        subscriptionId: sub.id,
        description: `${chargeDescription(planName)} (renewal)`,
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
        await db.transaction((tx) => this.recordPaidPeriod(tx, claimed, planName, record, charge, card, user.email));
        renewed++;
      } catch (error) {
        if (!(error instanceof CardError)) {
          await db
            .update(subscriptions)
            .set({ currentPeriodStart: sub.currentPeriodStart, currentPeriodEnd: start })
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
