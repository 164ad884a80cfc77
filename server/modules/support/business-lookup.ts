/**
 * IT's business lookup (IT's business_management): find a business by its name or its owner's
 * email and read a summary to help the owner — owner, plan and subscription state, members,
 * venues and fleet counts, recent support tickets. Read-only: nothing here writes.
 *
 * The owner is the business's first account that is not a venue employee (the account that
 * signed the business up; team members join later).
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { foldedLike } from '../../db/folded-like';
import { businesses, plans, users } from '../../db/tables/core';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { trialRunning } from '../../../src/domain/payments/free-trial';
import { isUuid } from '../../../src/domain/uuid';
import { likePattern } from '../../resources/query';
import { supportTickets } from './tables';

const owner = alias(users, 'owner');
const ownerOf = sql`${owner.id} = (select u.id from ${users} u where u.business_id = ${businesses.id} and u.role <> 'VENUEEMPLOYEE' order by u.created_at, u.id limit 1)`;
const ownerName = sql<string>`coalesce(nullif(trim(${owner.name}), ''), nullif(trim(${owner.firstName} || ' ' || ${owner.lastName}), ''), ${owner.email})`;

const summaryColumns = {
  id: businesses.id,
  name: businesses.companyName,
  status: businesses.status,
  createdAt: businesses.createdAt,
  ownerId: owner.id,
  ownerName,
  ownerEmail: owner.email,
  ownerRole: owner.role,
};

type SummaryRow = {
  ownerId: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  ownerRole: string | null;
};
const ownerPart = (r: SummaryRow) =>
  r.ownerId ? { id: r.ownerId, name: r.ownerName ?? '', email: r.ownerEmail ?? '', role: r.ownerRole ?? '' } : null;

export async function searchBusinesses(db: Db, query: string | undefined, page: number, perPage: number) {
  const text = query?.trim();
  const where = text
    ? // Accents and case ignored, as on the ticket desk: 'jose' finds José's business.
      or(foldedLike(businesses.companyName, likePattern(text)), foldedLike(owner.email, likePattern(text)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(businesses)
      .leftJoin(owner, ownerOf)
      .where(where)
      .orderBy(businesses.companyName, businesses.id)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(businesses).leftJoin(owner, ownerOf).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, name: r.name, status: r.status, createdAt: r.createdAt, owner: ownerPart(r) })),
    total: total?.n ?? 0,
  };
}

const countOf = (table: string) =>
  sql<number>`(select count(*)::int from ${sql.identifier(table)} t where t.business_id = ${businesses.id})`;

const subscriptionState = (
  active: boolean | null,
  trial: boolean,
  required: boolean | null,
): 'active' | 'trial' | 'none' | 'notRequired' =>
  active ? 'active' : trial ? 'trial' : required ? 'none' : 'notRequired';

/** `now` is the app's clock (app.ctx.now()), which decides whether the owner's free trial is still running. */
export async function businessSummary(db: Db, businessId: string, now: number) {
  if (!isUuid(businessId)) throw notFound();
  const [row] = await db
    .select({
      ...summaryColumns,
      website: businesses.companyWebSite,
      timeZone: businesses.timeZone,
      city: businesses.city,
      state: businesses.state,
      country: businesses.country,
      planName: plans.name,
      subscriptionActive: owner.subscriptionActive,
      trialEndsAt: owner.trialEndsAt,
      shouldHaveSubscription: owner.shouldHaveSubscription,
      members: countOf('team_members'),
      accounts: countOf('users'),
      venues: countOf('venues'),
      employees: countOf('fleet_employees'),
      customers: countOf('fleet_customers'),
    })
    .from(businesses)
    .leftJoin(owner, ownerOf)
    .leftJoin(plans, eq(plans.id, owner.planId))
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!row) throw notFound();
  const tickets = await db
    .select({
      id: supportTickets.id,
      number: supportTickets.number,
      subject: supportTickets.subject,
      status: supportTickets.status,
      priority: supportTickets.priority,
      lastActivityAt: supportTickets.lastActivityAt,
    })
    .from(supportTickets)
    .where(and(eq(supportTickets.businessId, businessId)))
    .orderBy(desc(supportTickets.lastActivityAt))
    .limit(10);
  const trialActive = trialRunning(row.trialEndsAt, now);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    createdAt: row.createdAt,
    website: row.website,
    timeZone: row.timeZone,
    city: row.city,
    state: row.state,
    country: row.country,
    owner: ownerPart(row),
    subscription: {
      plan: row.planName ?? null,
      /** active (paid), trial (free trial running), none (neither), or not required for this account. */
      state: subscriptionState(row.subscriptionActive, trialActive, row.shouldHaveSubscription),
      trialEndsAt: row.trialEndsAt ?? null,
    },
    counts: {
      members: row.members,
      accounts: row.accounts,
      venues: row.venues,
      employees: row.employees,
      customers: row.customers,
    },
    recentTickets: tickets,
  };
}
