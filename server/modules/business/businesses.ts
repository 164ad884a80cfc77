/** Every read and write of the `businesses` table by hand-written code (business, profile, admin). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, users } from '../../db/schema';
import type { Writer } from '../user';

/** The business a user belongs to, or null when the user has none (or does not exist). */
export async function businessOfUser(db: Db, userId: string) {
  const [row] = await db
    .select({ business: businesses })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.business ?? null;
}

/** A new business (a tenant) with this name; answers its id. */
export async function createBusiness(db: Writer, companyName: string): Promise<string> {
  const [row] = await db.insert(businesses).values({ companyName }).returning({ id: businesses.id });
  return row!.id;
}

/** The renamed business, or null when there is no such business. */
export async function renameBusiness(db: Db, businessId: string, companyName: string, now: number) {
  const [row] = await db
    .update(businesses)
    .set({ companyName, updatedAt: new Date(now) })
    .where(eq(businesses.id, businessId))
    .returning();
  return row ?? null;
}

/**
 * The details a user submits on /register: written onto their business, or onto a new one when
 * they have none yet. Answers the business id.
 */
export async function saveSubmittedBusiness(
  db: Writer,
  businessId: string | null,
  details: { companyName: string; companyWebSite: string | null },
  now: number,
): Promise<string> {
  const values = { ...details, updatedAt: new Date(now) };
  if (businessId) {
    await db.update(businesses).set(values).where(eq(businesses.id, businessId));
    return businessId;
  }
  const [created] = await db.insert(businesses).values(values).returning({ id: businesses.id });
  return created!.id;
}

/** The business's IANA time zone (validated by the route). */
export async function setBusinessTimeZone(db: Db, businessId: string, timeZone: string, now: number) {
  await db
    .update(businesses)
    .set({ timeZone, updatedAt: new Date(now) })
    .where(eq(businesses.id, businessId));
}

/** The columns the business info screen writes (every one optional: a call sets what it has). */
export interface BusinessInfoPatch {
  companyName?: string;
  companyWebSite?: string | null;
  companyLogo?: string | null;
  primaryColor?: string;
  secondaryColor?: string;
  street?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  country?: string;
  timeZone?: string;
  socialLinks?: Partial<Record<string, string>>;
}

/**
 * Writes these business info columns in one statement (so nothing is half-saved) and answers the
 * row, or null when there is no such business.
 */
export async function updateBusinessInfo(db: Db, businessId: string, patch: BusinessInfoPatch, now: number) {
  const [row] = await db
    .update(businesses)
    .set({ ...patch, updatedAt: new Date(now) })
    .where(eq(businesses.id, businessId))
    .returning();
  return row ?? null;
}

/** The business row by id, or null. */
export async function businessById(db: Db, businessId: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  return row ?? null;
}
