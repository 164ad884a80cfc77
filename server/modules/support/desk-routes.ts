/** IT's desk (IT's ticket_management): every business's tickets, filtered and paged, and who to assign. */
import { z } from 'zod';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import {
  SEARCH_MAX,
  SUPPORT_API,
  SUPPORT_STAFF_ROLES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '../../../src/domain/support/tickets';
import { isUuid } from '../../../src/domain/uuid';
import { caller } from '../../auth/access';
import { paged } from '../../http/paging';
import { errorResponses, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { listAgents, listDeskTickets } from './queries';
import { agentSchema, deskTicketSchema } from './schemas';

const tags = ['Support desk'];
const STAFF = { access: { roles: SUPPORT_STAFF_ROLES } };
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);
const deskQuery = z.object({
  ...pagingQuery.shape,
  status: z.preprocess(
    emptyAsUnset,
    z.enum([...TICKET_STATUSES, 'active'], { error: MESSAGES.supportStatusInvalid }).optional(),
  ),
  priority: z.preprocess(
    emptyAsUnset,
    z.enum(TICKET_PRIORITIES, { error: MESSAGES.supportPriorityInvalid }).optional(),
  ),
  assignee: z.preprocess(
    emptyAsUnset,
    // One message for every wrong value: zod's union reported its uuid() branch's English 'Invalid UUID' for any other text.
    z
      .string({ error: MESSAGES.supportAssigneeInvalid })
      .refine((v) => v === 'me' || v === 'none' || isUuid(v), MESSAGES.supportAssigneeInvalid)
      .optional(),
  ),
  query: z.preprocess(
    emptyAsUnset,
    z
      .string({ error: MESSAGES.mustBeText })
      .max(SEARCH_MAX, formatMessage('textTooLong', { max: SEARCH_MAX }))
      .optional(),
  ),
});

const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    SUPPORT_API.desk,
    {
      schema: {
        tags,
        summary:
          "IT: every business's tickets, liveliest first (paged; status — or 'active' for all but closed —, priority, assignee 'me', 'none' or an IT user's id, query over subject, opener, business and #number)",
        querystring: deskQuery,
        response: { 200: okList(deskTicketSchema), ...errorResponses },
      },
      config: STAFF,
    },
    async (request, reply) => {
      const { page, perPage, ...filters } = request.query;
      const { rows, total } = await listDeskTickets(db, caller(request).userId, filters, page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.get(
    SUPPORT_API.agents,
    {
      schema: {
        tags,
        summary: 'IT: the active IT users a ticket may be assigned to',
        response: { 200: okList(agentSchema), ...errorResponses },
      },
      config: STAFF,
    },
    async () => ({ result: await listAgents(db) }),
  );
};
export default deskRoutes;
