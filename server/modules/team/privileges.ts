/** A venue employee's privileges (src/domain/team.ts), read per request where a route needs one. */
import { eq } from 'drizzle-orm';
import { PRIVILEGE_KEYS, type Privilege } from '../../../src/domain/team';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema';

const isPrivilege = (key: string): key is Privilege => (PRIVILEGE_KEYS as string[]).includes(key);

/** Only keys the product knows: a stored key that was since retired grants nothing and is not shown. */
export function knownPrivileges(stored: readonly string[]): Privilege[] {
  return stored.filter(isPrivilege);
}

export async function memberPrivileges(db: Db, userId: string): Promise<Privilege[]> {
  const [row] = await db
    .select({ privileges: teamMembers.privileges })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return knownPrivileges(row?.privileges ?? []);
}
