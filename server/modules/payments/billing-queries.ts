/**
 * Reads of a user's own billing: plans, the user's subscription, saved cards and invoices.
 * Every read is scoped to the user it is asked for (another user's card or invoice is simply
 * not found). The writes are in the services (cards-service.ts, subscriptions-service.ts,
 * ledger.ts).
 */
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../src/domain/payments/order-terms';
import type { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { plans, users } from '../../db/tables/core';
import { invoices, paymentMethods, subscriptions } from './tables';

/** Roles that need a plan (those the seed gives shouldHaveSubscription: checked roles and TRUCKER). */
const PLAN_ROLES: ReadonlySet<Role> = new Set<Role>(['MOVER', 'USER', 'CLUBOWNER', 'TRUCKER']);

/** The plans a role is offered, cheapest first (all of them for an administrator). */
export async function plansOffered(db: Db, role: Role) {
  if (role !== 'ADMIN' && !PLAN_ROLES.has(role)) return [];
  return db.select().from(plans).orderBy(asc(plans.priceCents), asc(plans.name));
}

export async function planById(db: Db, planId: string) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row ?? null;
}

export async function userById(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Whether the user has a subscription waiting for the free trial to end (see subscriptionCounts),
 * as a column of the query that reads the user (userData, the subscription guard): one statement
 * where a separate look-up was a second round trip on every sign-in and profile read.
 */
export const waitingSubscriptionOf = (userId: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptions.status} = 'trialing')`;

/** The user, the plan they are on and their latest subscription (active or not). */
export async function planOf(db: Db, userId: string) {
  const user = await userById(db, userId);
  const plan = user?.planId ? await planById(db, user.planId) : null;
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return { user, plan, subscription: subscription ?? null };
}

/** The user's live subscription: a running one, or one waiting for the free trial to end. */
export async function liveSubscriptionOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Live subscriptions whose period ended by `now`, a batch at a time: running ones renew, and
 * trialing ones start (their period is the rest of the trial).
 */
export function subscriptionsDue(db: Db, now: number, batch = 100) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        lte(subscriptions.currentPeriodEnd, new Date(now)),
      ),
    )
    .limit(batch);
}

/** The user's saved cards, default first, then oldest first. */
export function cardsOf(db: Db, userId: string) {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
}

export async function defaultCardOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
  return row ?? null;
}

/** One of the user's cards, or null (also when the card is someone else's). */
export async function cardOf(db: Db, userId: string, cardId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.userId, userId)));
  return row ?? null;
}

/** The user's invoices, newest first, one page, and how many there are in all. */
export async function invoicesPage(db: Db, userId: string, page: number, perPage: number) {
  const mine = eq(invoices.userId, userId);
  const [total] = await db.select({ n: count() }).from(invoices).where(mine);
  const rows = await db
    .select()
    .from(invoices)
    .where(mine)
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0 };
}

/** One of the user's invoices with the user it is billed to, or null. */
export async function invoiceWithPayer(db: Db, userId: string, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoices, user: users })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  return row ?? null;
}
