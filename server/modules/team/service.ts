/**
 * The club owner's team: reads and writes of `team_members` (this module owns them), and the
 * member accounts it creates and removes through user/accounts.ts. Every function is scoped to
 * one business; a member of another business is answered 404, as if missing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { foldedLike } from '../../db/folded-like';
import { MESSAGES } from '../../../src/domain/messages';
import type { MemberStatus, Privilege, TeamMember } from '../../../src/domain/team';
import type { Db } from '../../db/client';
import { businesses, teamInvitations, teamMembers, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { likePattern } from '../../resources/query';
import {
  accountByEmail,
  createInvitedMember,
  deleteMemberAccount,
  setStatus,
  unusablePasswordHash,
  revokeAllSessions,
} from '../user';
import {
  accountInvitation,
  deleteAccountInvitation,
  dropAccountInvitation,
  invitationColumns,
  inviteExistingAccount,
  remindExistingAccount,
  setInvitationPrivileges,
} from './account-invitations';
import { requestLocale } from '../email-templates';
import { sendInvitation } from './invitations';
import { knownPrivileges } from './privileges';

export type { TeamMember };

const memberColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  status: users.status,
  privileges: teamMembers.privileges,
  createdAt: teamMembers.createdAt,
};

type MemberRow = { id: string; email: string; name: string; status: string; privileges: string[]; createdAt: Date };

/** A member's status is written only from MEMBER_STATUSES (here and by an administrator's active/inactive). */
const toMember = (r: MemberRow): TeamMember => ({
  ...r,
  status: r.status as MemberStatus,
  privileges: knownPrivileges(r.privileges),
  createdAt: r.createdAt.toISOString(),
});

/** A member with an account, or undefined. */
async function accountMember(db: Db, businessId: string, memberId: string): Promise<TeamMember | undefined> {
  const [member] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.userId, memberId), eq(teamMembers.businessId, businessId)));
  return member && toMember(member);
}

/** A member of the business, or an invitation to an existing account (as an invited member), or 404. */
export async function memberOf(db: Db, businessId: string, memberId: string): Promise<TeamMember> {
  const member = (await accountMember(db, businessId, memberId)) ?? (await accountInvitation(db, businessId, memberId));
  if (!member) throw notFound(MESSAGES.memberNotFound);
  return member;
}

/**
 * The team list's search over its members' accounts: the name or the email, accents and case
 * ignored ('muller' finds Müller), each through its folded trigram index on users.
 */
export const memberSearch = (query: string) =>
  or(foldedLike(users.name, likePattern(query)), foldedLike(users.email, likePattern(query)))!;

/** The same search over the invitations to existing accounts, listed with the members (tables.ts indexes). */
export const invitationSearch = (query: string) =>
  or(foldedLike(teamInvitations.name, likePattern(query)), foldedLike(teamInvitations.email, likePattern(query)))!;

export async function listMembers(
  db: Db,
  businessId: string,
  filter: { page: number; perPage: number; query?: string | undefined; status?: MemberStatus | undefined },
): Promise<{ rows: TeamMember[]; total: number }> {
  const { page, perPage, query, status } = filter;
  const where = and(
    eq(teamMembers.businessId, businessId),
    status ? eq(users.status, status) : undefined,
    query ? memberSearch(query) : undefined,
  );
  // Invitations to existing accounts are listed with the members, as the invited members they look like.
  const invitationsWhere =
    status && status !== 'invited'
      ? sql`false`
      : and(eq(teamInvitations.businessId, businessId), query ? invitationSearch(query) : undefined);
  const members = db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(where);
  const [rows, [memberCount], [invitationCount]] = await Promise.all([
    members
      .unionAll(
        db
          .select({
            id: invitationColumns.id,
            email: invitationColumns.email,
            name: invitationColumns.name,
            status: sql<string>`'invited'`,
            privileges: invitationColumns.privileges,
            createdAt: invitationColumns.createdAt,
          })
          .from(teamInvitations)
          .where(invitationsWhere),
      )
      .orderBy(desc(sql`created_at`), sql`id`)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId)).where(where),
    db.select({ n: count() }).from(teamInvitations).where(invitationsWhere),
  ]);
  return { rows: rows.map(toMember), total: (memberCount?.n ?? 0) + (invitationCount?.n ?? 0) };
}

async function companyName(db: Db, businessId: string): Promise<string> {
  const [business] = await db
    .select({ name: businesses.companyName })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return business?.name ?? 'Your team';
}

/**
 * Invites a venue employee by email. The answer never tells the owner whether the address
 * already has an account, as sign-in and recovery do not:
 * - a new address gets an invited account and a code;
 * - an address already on this team (the owner sees it in the list anyway) gets its row back,
 *   and a fresh code while it is still invited;
 * - an address of any other account gets no second account (emails are unique) and no change to
 *   its own: its owner is mailed what happened and how to join, and the invitation is kept as a
 *   row of its own (account-invitations.ts) that the team list and actions treat as an invited
 *   member, so nothing afterwards tells it apart either.
 * The unusable password is hashed on every path, so the time taken does not tell them apart.
 */
export async function inviteMember(
  app: FastifyInstance,
  request: FastifyRequest,
  businessId: string,
  invitedBy: string,
  input: { email: string; name: string; privileges: Privilege[] },
): Promise<TeamMember> {
  const { db } = app.ctx.database;
  const passwordHash = await unusablePasswordHash();
  const company = await companyName(db, businessId);
  const existing = await accountByEmail(db, input.email);
  // The owner's own address: nothing to reveal (it is theirs), and an invitation to it would sit
  // in the team list as an invited member that can never be one.
  if (existing?.id === invitedBy) throw badRequest(MESSAGES.memberIsYou, { email: MESSAGES.memberIsYou });
  if (existing) {
    const [own] = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, existing.id), eq(teamMembers.businessId, businessId)));
    if (own) {
      const member = await memberOf(db, businessId, existing.id);
      if (member.status === 'invited') await sendInvitation(app, request, member, company);
      return member;
    }
    const account = { email: existing.email, name: existing.firstName || existing.name };
    return inviteExistingAccount(app, account, businessId, invitedBy, input, company);
  }
  const member = await db.transaction(async (tx) => {
    // The invitee has chosen no language yet: the page the owner invited them from is the guess.
    const user = await createInvitedMember(tx, {
      ...input,
      businessId,
      passwordHash,
      language: requestLocale(request),
    });
    await tx.insert(teamMembers).values({ userId: user.id, businessId, privileges: input.privileges, invitedBy });
    // An earlier invitation while the address belonged to an account since deleted: this one replaces it.
    await dropAccountInvitation(tx, businessId, input.email);
    return user;
  });
  await sendInvitation(app, request, member, company);
  return memberOf(db, businessId, member.id);
}

/** A fresh code for a member still invited; 409 once the member has activated. */
export async function resendInvitation(
  app: FastifyInstance,
  request: FastifyRequest,
  businessId: string,
  memberId: string,
): Promise<TeamMember> {
  const { db } = app.ctx.database;
  const member = await memberOf(db, businessId, memberId);
  if (member.status !== 'invited') throw conflict(MESSAGES.conflict);
  const company = await companyName(db, businessId);
  if (await accountMember(db, businessId, memberId)) await sendInvitation(app, request, member, company);
  else await remindExistingAccount(app, member, company);
  return member;
}

/** Signs the member out everywhere and deletes the account (its team row goes with it); or withdraws an invitation to an existing account. */
export async function removeMember(app: FastifyInstance, businessId: string, memberId: string) {
  const { db } = app.ctx.database;
  if (!(await accountMember(db, businessId, memberId))) {
    await memberOf(db, businessId, memberId);
    return deleteAccountInvitation(db, memberId);
  }
  await revokeAllSessions(app, memberId, 'member_removed');
  await deleteMemberAccount(db, memberId);
}

export async function setPrivileges(
  db: Db,
  businessId: string,
  memberId: string,
  privileges: Privilege[],
  now: number,
): Promise<TeamMember> {
  if (await accountMember(db, businessId, memberId))
    await db
      .update(teamMembers)
      .set({ privileges: [...new Set(privileges)], updatedAt: new Date(now) })
      .where(eq(teamMembers.userId, memberId));
  else await setInvitationPrivileges(db, (await memberOf(db, businessId, memberId)).id, privileges, now);
  return memberOf(db, businessId, memberId);
}

/** Activates or deactivates a member (deactivation signs them out); 409 while still invited. */
export async function setMemberStatus(
  app: FastifyInstance,
  businessId: string,
  memberId: string,
  status: 'active' | 'inactive',
): Promise<TeamMember> {
  const { db } = app.ctx.database;
  const member = await memberOf(db, businessId, memberId);
  if (member.status === 'invited') throw conflict(MESSAGES.memberStillInvited);
  await setStatus(db, memberId, status, app.ctx.now());
  if (status === 'inactive') await revokeAllSessions(app, memberId, 'member_deactivated');
  return memberOf(db, businessId, memberId);
}
