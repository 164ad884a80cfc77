/**
 * The subscription guard of the product brief, section 2, Screens and routes ("Route guards"),
 * on the server, for modules with paid features: a user who must have a subscription passes
 * only when (no trial left and subscription active) or (trial days left and no subscription
 * active) — the very rule the client's router uses (src/domain/guards.ts). Call
 * `assertSubscription` before doing paid work, or add `requireSubscription(app)` as a route's
 * preHandler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { subscriptionGuard } from '../../../src/domain/guards';
import { subscriptionCounts } from '../../../src/domain/payments/order-terms';
import type { UserData } from '../../../src/domain/user';
import { plans, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { waitingSubscriptionOf } from './billing-queries';
import { caller } from '../../auth/access';

const DAY_MS = 86_400_000;

/** Whole days left in a trial ending at `trialEndsAt` (0 when none), as userData.freeTrial counts them. */
export function freeTrialDays(trialEndsAt: Date | null, now: number): number {
  if (!trialEndsAt) return 0;
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now) / DAY_MS));
}

/** When a free trial that starts now ends: TRIAL_DAYS (config.trialDays) from now. */
export function trialEndsAt(app: FastifyInstance, from = app.ctx.now()): Date {
  return new Date(from + app.ctx.config.trialDays * DAY_MS);
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
  const now = app.ctx.now();
  const freeTrial = freeTrialDays(row.user.trialEndsAt, now);
  const waitingSubscription = !row.user.subscriptionActive && row.waiting;
  const subscriptionActive = subscriptionCounts({ ...row.user, waitingSubscription }, now);
  const guardInput = {
    shouldHaveSubscription: row.user.shouldHaveSubscription,
    freeTrial,
    subscriptionActive,
  } as UserData;
  return {
    shouldHaveSubscription: row.user.shouldHaveSubscription,
    freeTrial,
    subscriptionActive,
    plan: row.plan
      ? { id: row.plan.id, name: row.plan.name, quota: row.plan.quota, pagesPerPdf: row.plan.pagesPerPdf }
      : null,
    allowed: subscriptionGuard(guardInput).kind === 'pass',
  };
}

/** Throws 403 'An active subscription or free trial is required' when the guard would redirect. */
export async function assertSubscription(app: FastifyInstance, userId: string): Promise<SubscriptionState> {
  const state = await subscriptionState(app, userId);
  if (!state.allowed) throw new HttpError(403, MESSAGES.subscriptionRequired);
  return state;
}

/** A preHandler for routes of paid features. */
export function requireSubscription(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    await assertSubscription(app, caller(request).userId);
  };
}
