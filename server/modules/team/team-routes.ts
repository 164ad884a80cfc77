/**
 * The club owner's team (spec section 7, CRM Team): list, invite, remove, the privilege
 * catalogue, each member's privileges and status. Every route is scoped to the owner's own
 * business; another business's member answers 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import {
  addMemberSchema,
  MEMBER_ROLE,
  MEMBER_STATUSES,
  memberPrivilegesSchema,
  memberStatusSchema,
  PRIVILEGES,
  TEAM_OWNER_ROLES,
  type AddMemberInput,
} from '../../../src/domain/team';
import { businesses, teamMembers, users } from '../../db/schema';
import { caller } from '../../auth/access';
import { hashPassword } from '../../auth/passwords';
import { newSecret } from '../../auth/tokens';
import { conflict, notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { likePattern } from '../../resources/query';
import { revokeAllSessions } from '../user/sessions';
import { sendInvitation } from './invitations';

const tags = ['Team'];
const access = { access: { roles: TEAM_OWNER_ROLES, tenant: true } };
const listQuery = z
  .object({
    query: z.string().max(200, MESSAGES.tooLarge.replace('{{max}}', '200')).optional(),
    status: z.enum(MEMBER_STATUSES, { error: MESSAGES.optionInvalid }).optional(),
  })
  .and(pagingQuery);
const deleteQuery = z.object({
  businessId: z.string({ error: MESSAGES.fieldRequired }),
  memberId: z.string({ error: MESSAGES.fieldRequired }),
});
const resendBody = z.object({ memberId: z.uuid({ error: MESSAGES.invalidValue }) });

const memberColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  status: users.status,
  privileges: teamMembers.privileges,
  createdAt: teamMembers.createdAt,
};

/** The caller's business (the route's tenant rule guarantees one). */
const businessOf = (request: FastifyRequest) => caller(request).businessId!;

export default async function teamRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;

  /** A member of the caller's business, or 404 (another business's member looks missing). */
  async function memberOf(request: FastifyRequest, memberId: string) {
    const [member] = await db
      .select(memberColumns)
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.userId, memberId), eq(teamMembers.businessId, businessOf(request))));
    if (!member) throw notFound(MESSAGES.memberNotFound);
    return member;
  }

  app.get(
    API.team,
    { schema: { tags, summary: 'My team (paged; query, status)', querystring: listQuery }, config: access },
    async (request, reply) => {
      const { page, perPage, query, status } = request.query as z.infer<typeof listQuery>;
      const where = and(
        eq(teamMembers.businessId, businessOf(request)),
        status ? eq(users.status, status) : undefined,
        query ? or(ilike(users.name, likePattern(query)), ilike(users.email, likePattern(query))) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(memberColumns)
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(where)
          .orderBy(desc(teamMembers.createdAt), users.id)
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId)).where(where),
      ]);
      return paged(
        reply,
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        page,
        perPage,
        total?.n ?? 0,
      );
    },
  );

  app.post(
    API.team,
    { schema: { tags, summary: 'Invite a venue employee by email', body: addMemberSchema }, config: access },
    async (request) => {
      const input = request.body as AddMemberInput;
      const businessId = businessOf(request);
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (taken) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      // Until activation the account has an unusable random password and status 'invited'.
      const passwordHash = await hashPassword(newSecret());
      const member = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            name: input.name,
            role: MEMBER_ROLE,
            businessId,
            status: 'invited',
            isVerified: true,
            isProfileCompleted: true,
            detailsSubmitted: true,
          })
          .returning({ id: users.id, email: users.email, name: users.name });
        await tx
          .insert(teamMembers)
          .values({ userId: user!.id, businessId, privileges: input.privileges, invitedBy: caller(request).userId });
        return user!;
      });
      const [business] = await db
        .select({ name: businesses.companyName })
        .from(businesses)
        .where(eq(businesses.id, businessId));
      await sendInvitation(app, request, member, business?.name ?? 'Your team');
      return { result: { ...(await memberOf(request, member.id)), message: MESSAGES.memberInvited } };
    },
  );

  app.post(
    API.teamResend,
    { schema: { tags, summary: "Send a member's invitation code again", body: resendBody }, config: access },
    async (request) => {
      const { memberId } = request.body as z.infer<typeof resendBody>;
      const member = await memberOf(request, memberId);
      if (member.status !== 'invited') throw conflict(MESSAGES.conflict);
      const [business] = await db
        .select({ name: businesses.companyName })
        .from(businesses)
        .where(eq(businesses.id, businessOf(request)));
      await sendInvitation(app, request, member, business?.name ?? 'Your team');
      return { result: { id: member.id, message: MESSAGES.memberInvited } };
    },
  );

  app.delete(
    API.team,
    {
      schema: { tags, summary: 'Remove a member (query businessId, memberId)', querystring: deleteQuery },
      config: access,
    },
    async (request) => {
      const { businessId, memberId } = request.query as z.infer<typeof deleteQuery>;
      if (businessId !== businessOf(request) || !z.uuid().safeParse(memberId).success)
        throw notFound(MESSAGES.memberNotFound);
      await memberOf(request, memberId);
      await revokeAllSessions(app, memberId, 'member_removed');
      await db.delete(users).where(and(eq(users.id, memberId), eq(users.role, MEMBER_ROLE)));
      return { result: { id: memberId } };
    },
  );

  app.get(
    API.teamPermissions,
    { schema: { tags, summary: 'The privileges a member can be given' }, config: access },
    async () => ({
      result: PRIVILEGES.map((p) => ({ key: p.key, route: `/${p.path}` })),
    }),
  );

  app.put(
    API.teamPrivileges,
    { schema: { tags, summary: "Set a member's privileges", body: memberPrivilegesSchema }, config: access },
    async (request) => {
      const { memberId, privileges } = request.body as z.infer<typeof memberPrivilegesSchema>;
      await memberOf(request, memberId);
      await db
        .update(teamMembers)
        .set({ privileges: [...new Set(privileges)], updatedAt: new Date(app.ctx.now()) })
        .where(eq(teamMembers.userId, memberId));
      return { result: await memberOf(request, memberId) };
    },
  );

  app.patch(
    API.teamStatus,
    { schema: { tags, summary: 'Activate or deactivate a member', body: memberStatusSchema }, config: access },
    async (request) => {
      const { memberId, status } = request.body as z.infer<typeof memberStatusSchema>;
      const member = await memberOf(request, memberId);
      if (member.status === 'invited') throw conflict(MESSAGES.memberStillInvited);
      await db
        .update(users)
        .set({ status, updatedAt: new Date(app.ctx.now()) })
        .where(eq(users.id, memberId));
      if (status === 'inactive') await revokeAllSessions(app, memberId, 'member_deactivated');
      return { result: await memberOf(request, memberId) };
    },
  );
}
