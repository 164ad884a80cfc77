/**
 * Demo data for a fresh install: the plans and one account per role, each non-admin with a
 * business and past every route guard (profile completed, details submitted, verified, in a
 * free trial). Runs only on an empty users table, and never when SEED_DEMO=false.
 */
import { count } from 'drizzle-orm';
import { PLANS } from '../../src/domain/constants';
import { trialEndsAfter } from '../../src/domain/payments/free-trial';
import { SEEDED_PLAN_DESCRIPTIONS } from '../../src/domain/plan-texts';
import { CHECKED_ROLES } from '../../src/domain/roles';
import { seedAdminDemo } from './admin-demo';
import { seedTeamDemo } from './team-demo';
import { seedVenueDemo } from './venue-demo';
import { seedFleetDemo } from './fleet-demo';
import { seedCatalogueDemo } from './catalogue-demo';
import { seedReportsDemo } from './reports-demo';
import { seedSupportDemo } from './support-demo';
import { seedAvailabilityDemo } from './availability-demo';
import { seedInvoicesDemo } from './invoices-demo';
import { seedQuotesDemo } from './quotes-demo';
import { seedBookingsDemo } from './bookings-demo';
import { seedReservationsDemo } from './reservations-demo';
import { seedSeatingDemo } from './seating-demo';
import { seedEventsDemo } from './events-demo';
import { seedDemoNotifications } from './notifications-demo';
import { seedDashboardDemo } from './dashboard-demo';
import type { Db } from '../db/client';
import { businesses, plans, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedPlatformTemplates } from '../modules/email-templates';

/** The plan table of product brief section 3; seeded on every empty install, demo or not. */
export async function seedPlans(db: Db) {
  const [row] = await db.select({ n: count() }).from(plans);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(plans).values(
    PLANS.map((p) => ({
      name: p.name,
      priceCents: p.price * 100,
      quota: p.quota,
      pagesPerPdf: p.pagesPerPdf,
      description: SEEDED_PLAN_DESCRIPTIONS[p.name] ?? '',
    })),
  );
}

/**
 * The demo accounts' free trial. Longer than a real one (TRIAL_DAYS) so a demo data directory
 * keeps working for a year instead of sending every paid role to /checkout after two weeks.
 */
export const DEMO_TRIAL_DAYS = 365;

/**
 * `samplePayments: false` leaves out the month of paid payment links behind the home dashboards'
 * revenue (dashboard-demo.ts): the API tests' template starts from no transactions, and their
 * payment tests count them. `passwordHash`: the demo accounts' hash of DEMO_PASSWORD, made here
 * at the real cost unless given (the API tests' template gives a cheaper one).
 */
export async function seedDemoData(
  db: Db,
  opts: { trialDays?: number; now?: number; samplePayments?: boolean; passwordHash?: string } = {},
): Promise<boolean> {
  const trialDays = opts.trialDays ?? DEMO_TRIAL_DAYS;
  await seedPlans(db);
  // Before the early return: a demo database from before the templates gets them on start too.
  await seedPlatformTemplates(db, opts.now);
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const now = opts.now ?? Date.now();
  const freePlan = (await db.select().from(plans)).find((p) => p.name === 'Free');
  const passwordHash = opts.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const businessIds = new Map<string, string>();
  for (const company of new Set(DEMO_ACCOUNTS.map((a) => a.company).filter((c): c is string => !!c))) {
    const [b] = await db
      .insert(businesses)
      .values({ companyName: company, companyWebSite: `https://${company.toLowerCase().replace(/\W+/g, '')}.example` })
      .returning({ id: businesses.id });
    businessIds.set(company, b!.id);
  }
  await db.insert(users).values(
    DEMO_ACCOUNTS.map((a) => {
      const paid = CHECKED_ROLES.includes(a.role) || a.role === 'TRUCKER';
      return {
        email: a.email,
        passwordHash,
        firstName: a.firstName,
        lastName: a.lastName,
        name: `${a.firstName} ${a.lastName}`,
        phone: '+12025550100',
        role: a.role,
        businessId: a.company ? businessIds.get(a.company)! : null,
        isProfileCompleted: true,
        detailsSubmitted: true,
        isVerified: true,
        shouldHaveSubscription: paid,
        trialEndsAt: paid ? trialEndsAfter(now, trialDays) : null,
        subscriptionActive: false,
        planId: paid ? (freePlan?.id ?? null) : null,
      };
    }),
  );
  await seedDemoNotifications(db, now);
  await seedAdminDemo(db, passwordHash, now);
  await seedTeamDemo(db);
  const venueId = await seedVenueDemo(db);
  await seedSeatingDemo(db, venueId);
  await seedReservationsDemo(db, venueId, now);
  await seedEventsDemo(db, venueId, now);
  await seedFleetDemo(db, now);
  await seedReportsDemo(db, now);
  await seedSupportDemo(db, now);
  await seedAvailabilityDemo(db, now);
  await seedInvoicesDemo(db, now);
  await seedQuotesDemo(db, now);
  await seedCatalogueDemo(db);
  await seedBookingsDemo(db, now);
  if (opts.samplePayments !== false) await seedDashboardDemo(db, now);
  return true;
}
