/**
 * The support desk's ticket calls under `/api/Ticket` (src/domain/support/tickets.ts says why
 * that path is the desk's). Every signed-in role opens and follows its own tickets; IT sees
 * every ticket and alone writes internal notes, sets status and priority, and assigns. Another
 * user's ticket answers 404, exactly like a missing one.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import {
  assigneeSchema,
  MY_TICKET_VIEWS,
  newTicketSchema,
  prioritySchema,
  replySchema,
  statusSchema,
  SUPPORT_API,
  SUPPORT_STAFF_ROLES,
} from '../../../src/domain/support/tickets';
import { caller } from '../../auth/access';
import { paged } from '../../http/paging';
import { errorResponses, ok, okList, conflictResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { listMyTickets, ticketDetail, type SupportCaller } from './queries';
import { myTicketSchema, ticketDetailSchema } from './schemas';
import {
  closeTicket,
  openTicket,
  replyToTicket,
  reopenTicket,
  setTicketAssignee,
  setTicketPriority,
  setTicketStatus,
} from './ticket-service';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Support desk'];
const ANYONE = { access: { roles: 'any' as const } };
const STAFF = { access: { roles: SUPPORT_STAFF_ROLES } };
// The one id rule and message for every record id (src/domain/schemas/record-id.ts).
const ticketParams = z.object({ ticketId: recordIdSchema });
const refusals = { ...errorResponses, ...conflictResponse };
/** An empty filter (`view=` from a form with nothing chosen) means the default. */
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);
const myListQuery = z.object({
  ...pagingQuery.shape,
  view: z.preprocess(emptyAsUnset, z.enum(MY_TICKET_VIEWS, { error: MESSAGES.optionInvalid }).default('all')),
});

const who = (request: FastifyRequest): SupportCaller => {
  const auth = caller(request);
  return { userId: auth.userId, role: auth.role };
};

const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const detail = async (request: FastifyRequest, ticketId: string) => ({
    result: await ticketDetail(db, who(request), ticketId, app.ctx.now()),
  });

  app.get(
    SUPPORT_API.tickets,
    {
      schema: {
        tags,
        summary: 'My support tickets, liveliest first (paged; view: active, closed or all)',
        querystring: myListQuery,
        response: { 200: okList(myTicketSchema), ...errorResponses },
      },
      config: ANYONE,
    },
    async (request, reply) => {
      const { page, perPage, view } = request.query;
      const { rows, total } = await listMyTickets(db, caller(request).userId, view, page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    SUPPORT_API.tickets,
    {
      schema: {
        tags,
        summary: 'Open a support ticket (subject, category, description, priority)',
        body: newTicketSchema,
        response: { 200: ok(ticketDetailSchema), ...errorResponses },
      },
      config: ANYONE,
    },
    async (request) => {
      const auth = caller(request);
      const ticket = await openTicket(app, { ...who(request), businessId: auth.businessId }, request.body);
      return detail(request, ticket.id);
    },
  );

  app.get(
    SUPPORT_API.ticket,
    {
      schema: {
        tags,
        summary: 'A ticket and its conversation (its opener, or IT; the opener never sees internal notes)',
        params: ticketParams,
        response: { 200: ok(ticketDetailSchema), ...errorResponses },
      },
      config: ANYONE,
    },
    async (request) => detail(request, request.params.ticketId),
  );

  app.post(
    SUPPORT_API.replies,
    {
      schema: {
        tags,
        summary:
          'Reply (body); IT may send internal: true for a note the opener never sees. A reply from IT notifies the opener',
        params: ticketParams,
        body: replySchema,
        response: { 200: ok(ticketDetailSchema), ...refusals },
      },
      config: ANYONE,
    },
    async (request) => {
      await replyToTicket(app, who(request), request.params.ticketId, request.body);
      return detail(request, request.params.ticketId);
    },
  );

  app.post(
    SUPPORT_API.close,
    {
      schema: {
        tags,
        summary: 'Close a ticket (its opener or IT)',
        params: ticketParams,
        response: { 200: ok(ticketDetailSchema), ...refusals },
      },
      config: ANYONE,
    },
    async (request) => {
      await closeTicket(app, who(request), request.params.ticketId);
      return detail(request, request.params.ticketId);
    },
  );

  app.post(
    SUPPORT_API.reopen,
    {
      schema: {
        tags,
        summary: 'Reopen a closed ticket (its opener within 14 days of closing; IT any time)',
        params: ticketParams,
        response: { 200: ok(ticketDetailSchema), ...refusals },
      },
      config: ANYONE,
    },
    async (request) => {
      await reopenTicket(app, who(request), request.params.ticketId, app.ctx.now());
      return detail(request, request.params.ticketId);
    },
  );

  app.patch(
    SUPPORT_API.status,
    {
      schema: {
        tags,
        summary: 'IT: set the status (open, in_progress, waiting_on_user, resolved, closed)',
        params: ticketParams,
        body: statusSchema,
        response: { 200: ok(ticketDetailSchema), ...errorResponses },
      },
      config: STAFF,
    },
    async (request) => {
      await setTicketStatus(app, who(request), request.params.ticketId, request.body.status);
      return detail(request, request.params.ticketId);
    },
  );

  app.patch(
    SUPPORT_API.priority,
    {
      schema: {
        tags,
        summary: 'IT: set the priority (low, normal, high, urgent)',
        params: ticketParams,
        body: prioritySchema,
        response: { 200: ok(ticketDetailSchema), ...errorResponses },
      },
      config: STAFF,
    },
    async (request) => {
      await setTicketPriority(app, who(request), request.params.ticketId, request.body.priority);
      return detail(request, request.params.ticketId);
    },
  );

  app.patch(
    SUPPORT_API.assignee,
    {
      schema: {
        tags,
        summary: 'IT: assign to an IT user (assigneeId; null unassigns)',
        params: ticketParams,
        body: assigneeSchema,
        response: { 200: ok(ticketDetailSchema), ...errorResponses },
      },
      config: STAFF,
    },
    async (request) => {
      await setTicketAssignee(app, who(request), request.params.ticketId, request.body.assigneeId);
      return detail(request, request.params.ticketId);
    },
  );
};
export default ticketRoutes;
