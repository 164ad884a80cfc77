/** Builds the `userData` of the product brief, section 3 (entities and their fields), from the stored user, business and plan. */
import { eq } from 'drizzle-orm';
import type { UserData } from '../../../src/domain/user';
import { normalizeRole } from '../../../src/domain/roles';
import { trialDaysLeft } from '../../../src/domain/payments/free-trial';
import { subscriptionCounts } from '../../../src/domain/payments/order-terms';
import { MEMBER_ROLE } from '../../../src/domain/team';
import { memberPrivileges } from '../team';
import { waitingSubscriptionOf } from '../payments';
import type { Db } from '../../db/client';
import { businesses, plans, users } from '../../db/schema';
import { notFound } from '../../http/errors';

export async function loadUserData(db: Db, userId: string, now: number): Promise<UserData> {
  const [row] = await db
    .select({ user: users, business: businesses, plan: plans, waiting: waitingSubscriptionOf(users.id) })
    .from(users)
    .leftJoin(businesses, eq(businesses.id, users.businessId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const { user, business, plan, waiting } = row;
  const roleName = normalizeRole(user.role) ?? 'USER';
  // A venue employee's screens depend on their team privileges (src/domain/team.ts).
  const privileges = roleName === MEMBER_ROLE ? await memberPrivileges(db, user.id) : undefined;
  return {
    id: user.id,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    roleName,
    business: business
      ? {
          id: business.id,
          companyName: business.companyName,
          companyLogo: business.companyLogo,
          companyWebSite: business.companyWebSite,
          status: business.status,
        }
      : null,
    isProfileCompleted: user.isProfileCompleted,
    detailsSubmited: user.detailsSubmitted,
    isVerified: user.isVerified,
    shouldHaveSubscription: user.shouldHaveSubscription,
    freeTrial: trialDaysLeft(user.trialEndsAt, now),
    subscriptionActive: subscriptionCounts({ ...user, waitingSubscription: !user.subscriptionActive && waiting }, now),
    plan: plan
      ? { id: plan.id, name: plan.name, price: plan.priceCents, quota: plan.quota, pagesPerPdf: plan.pagesPerPdf }
      : null,
    settings: { twoFactor: user.twoFactorEnabled },
    language: user.language,
    ...(privileges ? { privileges } : {}),
  };
}
