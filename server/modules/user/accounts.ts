/**
 * Every write to the `users` table by hand-written code (sign-in recovery, profile, two-factor,
 * team, the administrators' account actions, billing), in one place, each named for what it does
 * to the account. Functions take a `Writer`, so a caller may pass its open transaction. (The
 * resource engine also writes the declared columns when an administrator edits a user.)
 */
import { and, eq } from 'drizzle-orm';
import { MEMBER_ROLE } from '../../../src/domain/team';
import { fullName, splitName } from '../../../src/domain/user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import type { PlatformMailLocale as MailLanguage } from '../../../src/domain/email-templates/kinds';
import { hashPassword } from '../../auth/passwords';
import { newSecret } from '../../auth/tokens';

/** The database or an open transaction. */
export type Writer = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

const at = (now: number) => new Date(now);

/** The account with this (lower-cased) email, if any. */
export async function accountByEmail(db: Writer, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      role: users.role,
      status: users.status,
      businessId: users.businessId,
      passwordHash: users.passwordHash,
      language: users.language,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function setPassword(db: Writer, userId: string, password: string, now: number) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: at(now) })
    .where(eq(users.id, userId));
}

/**
 * An invited member chose a password with the code mailed to them: the account becomes usable,
 * its email is proven and nothing more is asked of it (a member's profile is the name the
 * owner gave, which the member may change).
 */
export async function activateMember(
  db: Writer,
  userId: string,
  password: string,
  language: MailLanguage,
  now: number,
) {
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      // The language of the page the member activated from: their first choice of their own.
      language,
      status: 'active',
      isVerified: true,
      isProfileCompleted: true,
      detailsSubmitted: true,
      updatedAt: at(now),
    })
    .where(eq(users.id, userId));
}

/** The password of an account nobody can sign in to yet: a hash of a random secret nobody knows. */
export const unusablePasswordHash = () => hashPassword(newSecret());

/**
 * A venue employee's account, waiting for activation: status 'invited' and an unusable password
 * (from unusablePasswordHash, hashed before a transaction opens) until the member chooses one
 * with the emailed code. Not verified and not completed until then (activateMember), so the
 * administrators' users list says what is true. The owner's one name field is also split into
 * first and last name, the fields every account is listed by.
 */
export async function createInvitedMember(
  db: Writer,
  member: { email: string; name: string; businessId: string; passwordHash: string; language: MailLanguage },
): Promise<{ id: string; email: string; name: string; language: MailLanguage }> {
  const [user] = await db
    .insert(users)
    .values({
      email: member.email,
      passwordHash: member.passwordHash,
      name: member.name,
      ...splitName(member.name),
      role: MEMBER_ROLE,
      businessId: member.businessId,
      language: member.language,
      status: 'invited',
      isVerified: false,
      isProfileCompleted: false,
      detailsSubmitted: false,
    })
    .returning({ id: users.id, email: users.email, name: users.name, language: users.language });
  return user!;
}

/** Deletes a venue employee's account (never any other role's). */
export async function deleteMemberAccount(db: Writer, userId: string) {
  await db.delete(users).where(and(eq(users.id, userId), eq(users.role, MEMBER_ROLE)));
}

export async function setStatus(db: Writer, userId: string, status: string, now: number) {
  await db
    .update(users)
    .set({ status, updatedAt: at(now) })
    .where(eq(users.id, userId));
}

/** The business the account works in (an owner of several switches between them). */
export async function setSelectedBusiness(db: Writer, userId: string, businessId: string, now: number) {
  await db
    .update(users)
    .set({ businessId, updatedAt: at(now) })
    .where(eq(users.id, userId));
}

/** Moves the account to a new sign-in email; false when another account holds it (a race). */
export async function setEmail(db: Writer, userId: string, email: string, now: number): Promise<boolean> {
  try {
    await db
      .update(users)
      .set({ email, updatedAt: at(now) })
      .where(eq(users.id, userId));
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export async function setPhone(db: Writer, userId: string, phone: string, now: number) {
  await db
    .update(users)
    .set({ phone, updatedAt: at(now) })
    .where(eq(users.id, userId));
}

export async function setTwoFactorFlag(db: Writer, userId: string, enabled: boolean, now: number) {
  await db
    .update(users)
    .set({ twoFactorEnabled: enabled, updatedAt: at(now) })
    .where(eq(users.id, userId));
}

/** /register: the names and phone the account completes, and the business it now belongs to. */
export async function completeProfile(
  db: Writer,
  userId: string,
  details: { firstName: string; lastName: string; phone: string; businessId: string; language: MailLanguage },
  now: number,
) {
  await db
    .update(users)
    .set({
      // Sign-up's last step: the language of the page it was made from.
      language: details.language,
      firstName: details.firstName,
      lastName: details.lastName,
      name: fullName(details.firstName, details.lastName),
      phone: details.phone,
      businessId: details.businessId,
      isProfileCompleted: true,
      detailsSubmitted: true,
      updatedAt: at(now),
    })
    .where(eq(users.id, userId));
}

/** A new account as an administrator creates it (the caller hashes the password first). */
export async function insertAccount(db: Writer, values: typeof users.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!;
}

/** A password hash an administrator set; null when there is no such account. */
export async function setPasswordHash(db: Writer, userId: string, passwordHash: string, now: number) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, updatedAt: at(now) })
    .where(eq(users.id, userId))
    .returning({ id: users.id, businessId: users.businessId });
  return row ?? null;
}

/** Status and verification as an administrator sets them; the row after, or null. */
export async function setAccountState(
  db: Writer,
  userId: string,
  patch: { status?: string; isVerified?: boolean; detailsSubmitted?: boolean },
  now: number,
) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: at(now) })
    .where(eq(users.id, userId))
    .returning({
      id: users.id,
      email: users.email,
      status: users.status,
      isVerified: users.isVerified,
      detailsSubmitted: users.detailsSubmitted,
      businessId: users.businessId,
    });
  return row ?? null;
}

/** The language of the platform's mails to this account ('en' for no such account). */
export async function accountLanguage(db: Writer, userId: string): Promise<MailLanguage> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? 'en';
}

/** The user switched the app's language: their mails follow it. */
export async function setLanguage(db: Writer, userId: string, language: MailLanguage, now: number) {
  await db
    .update(users)
    .set({ language, updatedAt: at(now) })
    .where(eq(users.id, userId));
}

/** The names and phone a user edits on the profile. */
export async function setProfileFields(
  db: Writer,
  userId: string,
  patch: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'name' | 'phone' | 'updatedAt'>>,
) {
  await db.update(users).set(patch).where(eq(users.id, userId));
}

/** What billing keeps on the account: whether a subscription is active, its plan, the trial's end. */
export async function setBillingState(
  db: Writer,
  userId: string,
  patch: { subscriptionActive: boolean; planId?: string | null; trialEndsAt: Date | null },
  now: number,
) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: at(now) })
    .where(eq(users.id, userId));
}
