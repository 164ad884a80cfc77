/**
 * The club owner's team (the product brief, section 7: the calls it makes, CRM): list, invite, remove, the
 * privilege catalogue, each member's privileges and status. Every route is scoped to the owner's
 * own business; another business's member answers 404. The work is in service.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import {
  addMemberSchema,
  MEMBER_STATUSES,
  memberPrivilegesSchema,
  memberStatusSchema,
  PRIVILEGE_KEYS,
  PRIVILEGES,
  TEAM_OWNER_ROLES,
  type Privilege,
} from '../../../src/domain/team';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, ok, okList, timestamp, conflictResponse } from '../../http/response';
import { inviteMember, listMembers, removeMember, resendInvitation, setMemberStatus, setPrivileges } from './service';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

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
const resendBody = z.object({ memberId: recordIdSchema });

const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(MEMBER_STATUSES),
  privileges: z.array(z.enum(PRIVILEGE_KEYS as [Privilege, ...Privilege[]])),
  createdAt: timestamp,
});
const refusals = { ...errorResponses, ...conflictResponse };

/** The caller's business (the route's tenant rule guarantees one). */
const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    API.team,
    {
      schema: {
        tags,
        summary: 'My team (paged; query, status)',
        querystring: listQuery,
        response: { 200: okList(memberSchema), ...refusals },
      },
      config: access,
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listMembers(db, businessOf(request), request.query);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    API.team,
    {
      schema: {
        tags,
        summary:
          'Invite a venue employee by email. Answers the same for an address that already has an account ' +
          '(its owner is mailed instead; no second account is made), so it reveals no accounts.',
        body: addMemberSchema,
        response: { 200: ok(memberSchema.extend({ message: z.string() })), ...refusals },
      },
      config: access,
    },
    async (request) => {
      const member = await inviteMember(app, request, businessOf(request), caller(request).userId, request.body);
      return { result: { ...member, message: MESSAGES.memberInvited } };
    },
  );

  app.post(
    API.teamResend,
    {
      schema: {
        tags,
        summary: "Send a member's invitation code again",
        body: resendBody,
        response: { 200: ok(z.object({ id: z.string(), message: z.string() })), ...refusals },
      },
      config: access,
    },
    async (request) => {
      const member = await resendInvitation(app, request, businessOf(request), request.body.memberId);
      return { result: { id: member.id, message: MESSAGES.memberInvited } };
    },
  );

  app.delete(
    API.team,
    {
      schema: {
        tags,
        summary: 'Remove a member (query businessId, memberId)',
        querystring: deleteQuery,
        response: { 200: ok(z.object({ id: z.string() })), ...refusals },
      },
      config: access,
    },
    async (request) => {
      const { businessId, memberId } = request.query;
      if (businessId !== businessOf(request) || !z.uuid().safeParse(memberId).success)
        throw notFound(MESSAGES.memberNotFound);
      await removeMember(app, businessId, memberId);
      return { result: { id: memberId } };
    },
  );

  app.get(
    API.teamPermissions,
    {
      schema: {
        tags,
        summary: 'The privileges a member can be given',
        response: { 200: okList(z.object({ key: z.enum(PRIVILEGE_KEYS), route: z.string() })), ...refusals },
      },
      config: access,
    },
    async () => ({
      result: PRIVILEGES.map((p) => ({ key: p.key, route: `/${p.path}` })),
    }),
  );

  app.put(
    API.teamPrivileges,
    {
      schema: {
        tags,
        summary: "Set a member's privileges",
        body: memberPrivilegesSchema,
        response: { 200: ok(memberSchema), ...refusals },
      },
      config: access,
    },
    async (request) => {
      const { memberId, privileges } = request.body;
      return { result: await setPrivileges(db, businessOf(request), memberId, privileges, app.ctx.now()) };
    },
  );

  app.patch(
    API.teamStatus,
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a member',
        body: memberStatusSchema,
        response: { 200: ok(memberSchema), ...refusals },
      },
      config: access,
    },
    async (request) => {
      const { memberId, status } = request.body;
      return { result: await setMemberStatus(app, businessOf(request), memberId, status) };
    },
  );
};
export default teamRoutes;
