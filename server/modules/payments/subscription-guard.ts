/**
 * The subscription guard of the product brief, section 2, Screens and routes ("Route guards"),
 * on the server: a user who must have a subscription passes only when (no trial left and
 * subscription active) or (trial days left and no subscription active) — the very rule the
 * client's router uses (src/domain/guards.ts). Every API route applies it already
 * (subscription-gate.ts, from the session); this reads one user's state for the plan screens.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { trialEndsAfter } from '../../../src/domain/payments/free-trial';
import { plans, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { waitingSubscriptionOf } from './billing-queries';
import { billingDecision } from './subscription-gate';

/** When a free trial that starts now ends: TRIAL_DAYS (config.trialDays) from now. */
export function trialEndsAt(app: FastifyInstance, from = app.ctx.now()): Date {
  return trialEndsAfter(from, app.ctx.config.trialDays);
}

export interface SubscriptionState {
  shouldHaveSubscription: boolean;
  freeTrial: number;
  subscriptionActive: boolean;
  plan: { id: string; name: string; quota: number; pagesPerPdf: number } | null;
  allowed: boolean;
}

/** The user's subscription state and whether the brief's guard lets them through. */
export async function subscriptionState(app: FastifyInstance, userId: string): Promise<SubscriptionState> {
  const [row] = await app.ctx.database.db
    .select({ user: users, plan: plans, waiting: waitingSubscriptionOf(users.id) })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const { freeTrial, subscriptionActive, allowed } = billingDecision(
    {
      shouldHaveSubscription: row.user.shouldHaveSubscription,
      trialEndsAt: row.user.trialEndsAt?.getTime() ?? null,
      subscriptionActive: row.user.subscriptionActive,
      waitingSubscription: row.waiting,
    },
    app.ctx.now(),
  );
  return {
    shouldHaveSubscription: row.user.shouldHaveSubscription,
    freeTrial,
    subscriptionActive,
    plan: row.plan
      ? { id: row.plan.id, name: row.plan.name, quota: row.plan.quota, pagesPerPdf: row.plan.pagesPerPdf }
      : null,
    allowed,
  };
}

/** Throws 403 'An active subscription or free trial is required' when the guard would redirect. */
export async function assertSubscription(app: FastifyInstance, userId: string): Promise<SubscriptionState> {
  const state = await subscriptionState(app, userId);
  if (!state.allowed) throw new HttpError(403, MESSAGES.subscriptionRequired);
  return state;
}
