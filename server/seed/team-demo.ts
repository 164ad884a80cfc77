/** The demo venue employee is a member of the demo club owner's team with every privilege. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teamMembers, users } from '../db/schema';
import { PRIVILEGE_KEYS } from '../../src/domain/team';

export async function seedTeamDemo(db: Db) {
  const [employee] = await db.select().from(users).where(eq(users.email, 'venueemployee@demo.test'));
  const [owner] = await db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
  if (!employee?.businessId) return;
  await db
    .insert(teamMembers)
    .values({
      userId: employee.id,
      businessId: employee.businessId,
      privileges: PRIVILEGE_KEYS,
      invitedBy: owner?.id ?? null,
    })
    .onConflictDoNothing();
}
