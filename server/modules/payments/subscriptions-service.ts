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
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { HUB_EVENTS } from '../../../src/domain/notifications';
import { trialRunning } from '../../../src/domain/payments/free-trial';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../src/domain/payments/order-terms';
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
import { endAttempt, expiredAttempts, startAttempt, takeOver, type AttemptRow } from './payment-attempts';
import { paymentAttempts, subscriptions, type paymentMethods } from './tables';

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

/** What a first charge's attempt keeps to be settled. */
interface ChargeAttemptData {
  record: PaymentRecord;
}

/** What a renewal's attempt keeps: its record and the subscription's state before the period was claimed. */
interface RenewalAttemptData extends ChargeAttemptData {
  planName: string;
  cardId: string | null;
  starting: boolean;
  before: { status: string; start: number; end: number };
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
    let attempt: AttemptRow | null = null;
    if (plan.priceCents > 0 && card && !keepsTrial) {
      const customerRef = await customerOf(this.env, user, log);
      // Written before the charge, so a charge whose subscription is never written is found and
      // settled (settleExpired). One key per attempt: a retry of the request after a failure is a
      // new attempt at the processor too, and the settling refunds the charge left behind.
      const attemptKey = `subscribe:${idempotencyKey}:${randomBytes(6).toString('hex')}`;
      const data: ChargeAttemptData = { record: { ...record, payerName: card.nameOnCard, payerEmail: user.email } };
      attempt = await startAttempt(
        db,
        { kind: 'subscribe', attemptKey, userId, amountCents: plan.priceCents, data },
        now,
      );
      try {
        charge = await processor.charge({
          amountCents: plan.priceCents,
          description: record.description,
          cardToken: card.token,
          customerRef,
          idempotencyKey: attemptKey,
          metadata: { userId, planId: plan.id, attempt: attemptKey },
        });
      } catch (error) {
        if (error instanceof CardError) {
          await endAttempt(db, attempt!);
          await this.ledger.recordRefusal(record, error);
          throw cardRefused(error);
        }
        // No answer: the card may have been charged; the attempt stays to be settled.
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
        // Settled meanwhile (this server stalled past the attempt's bound): that settling records
        // and refunds the charge, so no subscription is bought with it.
        if (attempt && !(await endAttempt(tx, attempt))) throw conflict(MESSAGES.idempotencyInProgress);
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
   * written together with the attempt of its charge, which carries a key derived from the
   * period, so a processor retry cannot double it either. A refused card ends the subscription
   * (past_due, the user inactive, a live SubscriptionCancel); a charge with no answer (processor
   * trouble, a failed write, a server that stopped) is settled once its attempt expires
   * (settleExpired): recorded when the processor made it, else the period (and the trialing
   * state) goes back for the next run. Returns how many were renewed or started.
   */
  async renewDue(): Promise<number> {
    const { db, processor } = this.env;
    const now = this.env.now();
    let renewed = 0;
    for (const sub of await subscriptionsDue(db, now)) {
      const start = sub.currentPeriodEnd;
      const end = new Date(start.getTime() + PERIOD_MS);
      const starting = sub.status === 'trialing';
      const paid = sub.priceCents > 0;
      const plan = paid ? await planById(db, sub.planId) : null;
      const user = paid ? await userById(db, sub.userId) : null;
      const cards = paid ? await cardsOf(db, sub.userId) : [];
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
        payerName: card?.nameOnCard ?? null,
        payerEmail: user?.email ?? null,
        at: now,
      };
      const attemptKey = `renew:${sub.id}:${start.getTime()}`;
      let customerRef: string | null = null;
      try {
        if (paid && card && user) {
          customerRef = await processor.customerFor({
            id: user.id,
            email: user.email,
            name: `${user.firstName} ${user.lastName}`.trim(),
          });
        }
      } catch (error) {
        this.env.log.warn({ subscriptionId: sub.id, error: (error as Error).name }, 'subscription renewal postponed');
        continue;
      }
      // The period is claimed together with the attempt of its charge: a server that stops after
      // this leaves an attempt that is settled (the charge recorded, or the period given back).
      const data: RenewalAttemptData = {
        record,
        planName,
        cardId: card?.id ?? null,
        starting,
        before: { status: sub.status, start: sub.currentPeriodStart.getTime(), end: start.getTime() },
      };
      const claimed = await db
        .transaction(async (tx) => {
          const [row] = await tx
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
          if (!row || !paid) return row ? { row, attempt: null } : null;
          const attempt = await startAttempt(
            tx,
            {
              kind: 'renewal',
              attemptKey,
              userId: sub.userId,
              subscriptionId: sub.id,
              amountCents: sub.priceCents,
              data,
            },
            now,
          );
          if (!attempt) throw new Error('a renewal attempt of this period is still open');
          return { row, attempt };
        })
        .catch((error: Error) => {
          this.env.log.warn({ subscriptionId: sub.id, error: error.name }, 'subscription renewal postponed');
          return null;
        });
      if (!claimed) continue;
      if (!paid) {
        if (starting) await this.startAfterTrial(db, sub, now);
        renewed++;
        continue;
      }
      const attempt = claimed.attempt!;
      try {
        if (!card || !user) throw new CardError('card_declined');
        const charge = await processor.charge({
          amountCents: sub.priceCents,
          description: record.description,
          cardToken: card.token,
          customerRef,
          idempotencyKey: attemptKey,
          metadata: { subscriptionId: sub.id, attempt: attemptKey },
        });
        await db.transaction(async (tx) => {
          if (!(await endAttempt(tx, attempt))) return;
          await this.recordPaidPeriod(tx, claimed.row, planName, record, charge, card, user.email);
          if (starting) await this.startAfterTrial(tx, sub, now);
        });
        renewed++;
      } catch (error) {
        if (!(error instanceof CardError)) {
          // The charge may have been made: the attempt (and the period it claimed) waits to be settled.
          this.env.log.warn({ subscriptionId: sub.id, error: (error as Error).name }, 'subscription renewal unsettled');
          continue;
        }
        await endAttempt(db, attempt);
        await this.ledger.recordRefusal(record, error);
        await this.endForNonPayment(sub.id, sub.userId, start, now);
      }
    }
    return renewed;
  }

  /**
   * Subscription charges whose outcome was never written (their server stopped, a write failed,
   * or the processor did not answer), once no call of theirs can still be on its way: the
   * processor is asked for the charge made under each one's key. A renewal's charge found is
   * recorded with its invoice, as the renewal would have; not found, its period is given back and
   * the next run charges it. A first charge found is put on the books and refunded (its
   * subscription was never written; the user was told it failed). Returns how many were settled.
   */
  async settleExpired(): Promise<number> {
    const { db, log } = this.env;
    let settled = 0;
    const kinds = inArray(paymentAttempts.kind, ['subscribe', 'renewal']);
    for (const attempt of await expiredAttempts(db, this.env.now(), kinds)) {
      try {
        const taken = await takeOver(db, attempt, this.env.now());
        if (!taken) continue;
        if (taken.kind === 'renewal') await this.settleRenewal(taken);
        else await this.settleFirstCharge(taken);
        settled++;
      } catch (error) {
        log.warn({ attemptId: attempt.id, error: (error as Error).name }, 'a subscription charge was not settled');
      }
    }
    return settled;
  }

  private async settleRenewal(attempt: AttemptRow): Promise<void> {
    const { db, processor } = this.env;
    const data = attempt.data as RenewalAttemptData;
    const record = { ...data.record, at: attempt.createdAt.getTime() };
    const charge = await processor.findCharge(attempt.attemptKey, attempt.createdAt.getTime());
    await db.transaction(async (tx) => {
      if (!(await endAttempt(tx, attempt))) return;
      const subscriptionId = attempt.subscriptionId;
      if (!charge) {
        if (!subscriptionId) return;
        // Nothing was charged: the period goes back, for the next run to charge.
        await tx
          .update(subscriptions)
          .set({
            status: data.before.status,
            currentPeriodStart: new Date(data.before.start),
            currentPeriodEnd: new Date(data.before.end),
          })
          .where(
            and(eq(subscriptions.id, subscriptionId), eq(subscriptions.currentPeriodStart, new Date(data.before.end))),
          );
        return;
      }
      const transaction = await this.ledger.recordCharge(tx, record, charge);
      // The subscription or its user deleted meanwhile: the charge is on the books, with no invoice.
      if (!subscriptionId || !attempt.userId) return;
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      await this.ledger.issueInvoice(tx, {
        userId: attempt.userId,
        subscriptionId,
        transaction,
        description: invoiceDescription(data.planName),
        periodStart: new Date(data.before.end),
        periodEnd: new Date(data.before.end + PERIOD_MS),
      });
      if (data.starting && sub) await this.startAfterTrial(tx, sub, this.env.now());
    });
  }

  private async settleFirstCharge(attempt: AttemptRow): Promise<void> {
    const { db, processor } = this.env;
    const data = attempt.data as ChargeAttemptData;
    const charge = await processor.findCharge(attempt.attemptKey, attempt.createdAt.getTime());
    if (!charge || charge.capturedCents <= 0) {
      await endAttempt(db, attempt);
      return;
    }
    const refund = await processor.refund({
      chargeId: charge.id,
      amountCents: charge.capturedCents,
      idempotencyKey: `${attempt.attemptKey}:void`,
    });
    await db.transaction(async (tx) => {
      if (!(await endAttempt(tx, attempt))) return;
      await this.ledger.recordVoidedCharge(tx, { ...data.record, at: attempt.createdAt.getTime() }, charge, refund);
    });
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
