/** A venue employee's privileges (src/domain/team.ts), read per request where a route needs one. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema';

export async function memberPrivileges(db: Db, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ privileges: teamMembers.privileges })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return row?.privileges ?? [];
}
