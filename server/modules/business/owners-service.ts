/**
 * The businesses a user owns (business_owners) and which one they work in (users.business_id).
 * Selecting one writes users.business_id, the column every tenant check of every area reads
 * (server/auth/access.ts), so the switch scopes the whole API at once. The write fires the users
 * trigger that tells the session cache to forget this user's sessions (migration 0011; on
 * PostgreSQL this process also drops its cache when it commits a users write), so the very next
 * request, on any server process, already runs in the new business.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { OwnedBusiness } from '../../../src/domain/business/businesses';
import type { Db } from '../../db/client';
import { businessOwners, businesses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { setSelectedBusiness } from '../user';

/** The caller's businesses, oldest first, the one they work in marked. */
export async function ownedBusinesses(db: Db, userId: string, currentId: string | null): Promise<OwnedBusiness[]> {
  const rows = await db
    .select({ business: businesses })
    .from(businessOwners)
    .innerJoin(businesses, eq(businesses.id, businessOwners.businessId))
    .where(eq(businessOwners.userId, userId))
    .orderBy(asc(businessOwners.createdAt), asc(businesses.companyName));
  return rows.map(({ business: b }) => ({
    id: b.id,
    companyName: b.companyName,
    companyLogo: b.companyLogo,
    companyWebSite: b.companyWebSite,
    status: b.status,
    timeZone: b.timeZone,
    selected: b.id === currentId,
  }));
}

/**
 * A new business the caller owns, in the time zone of the one they work in now (a second shop
 * is most often in the same town). It is not selected: the caller switches when they want to.
 */
export async function addOwnedBusiness(
  db: Db,
  userId: string,
  currentId: string | null,
  companyName: string,
): Promise<OwnedBusiness> {
  return db.transaction(async (tx) => {
    const [current] = currentId
      ? await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, currentId))
      : [];
    const [row] = await tx
      .insert(businesses)
      .values({ companyName, ...(current ? { timeZone: current.timeZone } : {}) })
      .returning();
    await tx.insert(businessOwners).values({ userId, businessId: row!.id });
    return {
      id: row!.id,
      companyName: row!.companyName,
      companyLogo: row!.companyLogo,
      companyWebSite: row!.companyWebSite,
      status: row!.status,
      timeZone: row!.timeZone,
      selected: false,
    };
  });
}

/** Makes a business the caller owns the one they work in; another business (or none) answers 404. */
export async function selectOwnedBusiness(db: Db, userId: string, businessId: string, now: number) {
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: businessOwners.businessId })
      .from(businessOwners)
      .where(and(eq(businessOwners.userId, userId), eq(businessOwners.businessId, businessId)))
      .limit(1);
    if (!owned) throw notFound();
    await setSelectedBusiness(tx, userId, businessId, now);
  });
}
