/** IT's read-only business lookup (IT's business_management), to help a business's owner. */
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
import { paged } from '../../http/paging';
import { errorResponses, ok, okList, timestamp } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { businessSummary, searchBusinesses } from './business-lookup';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Support desk'];
const STAFF = { access: { roles: SUPPORT_STAFF_ROLES } };
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);
const searchQuery = z.object({
  ...pagingQuery.shape,
  query: z.preprocess(
    emptyAsUnset,
    z
      .string({ error: MESSAGES.mustBeText })
      .max(SEARCH_MAX, formatMessage('textTooLong', { max: SEARCH_MAX }))
      .optional(),
  ),
});
const ownerSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }).nullable();
const businessRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  createdAt: timestamp,
  owner: ownerSchema,
});
const businessDetail = businessRow.extend({
  website: z.string().nullable(),
  timeZone: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  subscription: z.object({
    plan: z.string().nullable(),
    state: z.enum(['active', 'trial', 'none', 'notRequired']),
    trialEndsAt: z.nullable(timestamp),
  }),
  counts: z.object({
    members: z.number(),
    accounts: z.number(),
    venues: z.number(),
    employees: z.number(),
    customers: z.number(),
  }),
  recentTickets: z.array(
    z.object({
      id: z.string(),
      number: z.number(),
      subject: z.string(),
      status: z.enum(TICKET_STATUSES),
      priority: z.enum(TICKET_PRIORITIES),
      lastActivityAt: timestamp,
    }),
  ),
});

const businessLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    SUPPORT_API.businesses,
    {
      schema: {
        tags,
        summary: 'IT: find businesses by name or owner email (paged; read-only)',
        querystring: searchQuery,
        response: { 200: okList(businessRow), ...errorResponses },
      },
      config: STAFF,
    },
    async (request, reply) => {
      const { page, perPage, query } = request.query;
      const { rows, total } = await searchBusinesses(db, query, page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.get(
    SUPPORT_API.business,
    {
      schema: {
        tags,
        summary:
          "IT: a business's summary — owner, plan and subscription, members, venues and fleet counts, recent tickets",
        params: z.object({ businessId: recordIdSchema }),
        response: { 200: ok(businessDetail), ...errorResponses },
      },
      config: STAFF,
    },
    async (request) => ({ result: await businessSummary(db, request.params.businessId, app.ctx.now()) }),
  );
};
export default businessLookupRoutes;
