/**
 * Invitations to addresses that already have an account (`team_invitations`; this file owns its
 * writes). No member account can be made for such an address, but the owner's team list and
 * every team action must treat the invitation exactly like one to a new address, so the team
 * screen never reveals which addresses have accounts: it is listed as invited, its privileges
 * can be changed, a resend mails the address's owner again, and removing it deletes the row.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Privilege, TeamMember } from '../../../src/domain/team';
import type { Db } from '../../db/client';
import { type Writer, accountByEmail } from '../user';
import { teamInvitations } from '../../db/schema';
import { sendExistingAccountNotice } from './invitations';
import { knownPrivileges } from './privileges';

export const invitationColumns = {
  id: teamInvitations.id,
  email: teamInvitations.email,
  name: teamInvitations.name,
  privileges: teamInvitations.privileges,
  createdAt: teamInvitations.createdAt,
};

const toMember = (r: {
  id: string;
  email: string;
  name: string;
  privileges: string[];
  createdAt: Date;
}): TeamMember => ({
  ...r,
  status: 'invited',
  privileges: knownPrivileges(r.privileges),
  createdAt: r.createdAt.toISOString(),
});

/** The business's invitation with this id, if it is one of these. */
export async function accountInvitation(db: Db, businessId: string, id: string): Promise<TeamMember | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.businessId, businessId)));
  return row && toMember(row);
}

/**
 * Records the invitation and mails the address's owner what happened. Invited again, the row
 * comes back unchanged, as a repeated invitation to a new address does.
 */
export async function inviteExistingAccount(
  app: FastifyInstance,
  account: { email: string; name: string },
  businessId: string,
  invitedBy: string,
  input: { name: string; privileges: Privilege[] },
  company: string,
): Promise<TeamMember> {
  const now = new Date(app.ctx.now());
  const [row] = await app.ctx.database.db
    .insert(teamInvitations)
    .values({
      businessId,
      email: account.email,
      name: input.name,
      privileges: [...new Set(input.privileges)],
      invitedBy,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: [teamInvitations.businessId, teamInvitations.email], set: { updatedAt: now } })
    .returning(invitationColumns);
  await sendExistingAccountNotice(app, account, company);
  return toMember(row!);
}

/** A resend: the address's owner is mailed again (if the account still exists). */
export async function remindExistingAccount(app: FastifyInstance, invitation: TeamMember, company: string) {
  const account = await accountByEmail(app.ctx.database.db, invitation.email);
  if (account)
    await sendExistingAccountNotice(app, { email: account.email, name: account.firstName || account.name }, company);
}

export async function setInvitationPrivileges(db: Db, id: string, privileges: Privilege[], now: number) {
  await db
    .update(teamInvitations)
    .set({ privileges: [...new Set(privileges)], updatedAt: new Date(now) })
    .where(eq(teamInvitations.id, id));
}

export async function deleteAccountInvitation(db: Db, id: string) {
  await db.delete(teamInvitations).where(eq(teamInvitations.id, id));
}

/** Drops the business's invitation for this address, if any (a member account replaces it). */
export async function dropAccountInvitation(db: Writer, businessId: string, email: string) {
  await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.businessId, businessId), eq(teamInvitations.email, email.toLowerCase())));
}
