/**
 * GET /api/Home/dashboard (the product brief, section 7, Business: "GET home dashboard data";
 * the path catalogue names /api/Home): the figures of '/' for club owners (their venue) and
 * users (their bookings business). Other roles 403. The answer is always the caller's selected
 * business; a businessId naming another one answers 404, like a missing record.
 */
import * as z from 'zod';
import { HOME_API } from '../../../src/domain/home/dashboard';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { errorResponses, ok, timestamp } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { homeDashboard } from './dashboard-service';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const item = z.object({
  id: z.string(),
  kind: z.enum(['reservation', 'event', 'booking']),
  startsAt: timestamp,
  endsAt: timestamp,
  title: z.string(),
  detail: z.string(),
  partySize: z.number().int().nullable(),
  status: z.string(),
});
const dashboard = z.object({
  kind: z.enum(['venue', 'bookings']),
  timeZone: z.string(),
  today: z.string().describe('YYYY-MM-DD in the business time zone'),
  todayCount: z.number().int(),
  todayItems: z.array(item),
  upcomingCount: z.number().int(),
  upcomingItems: z.array(item),
  revenue: z.object({
    totalCents: z.number().int(),
    days: z.array(z.object({ day: z.string(), cents: z.number().int() })),
  }),
});

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HOME_API.dashboard,
    {
      schema: {
        tags: ['Home'],
        summary:
          "The home dashboard of the selected business: today's reservations or bookings, upcoming items, net revenue received per day over 30 days (cents)",
        querystring: z.object({ businessId: z.optional(recordIdSchema) }),
        response: { 200: ok(dashboard), ...errorResponses },
      },
      config: { access: { roles: ['CLUBOWNER', 'USER'], tenant: true } },
    },
    async (request) => {
      const me = caller(request);
      const businessId = me.businessId!;
      if (request.query.businessId && request.query.businessId !== businessId) throw notFound();
      const kind = me.role === 'CLUBOWNER' ? 'venue' : 'bookings';
      return { result: await homeDashboard(app.ctx.database.db, businessId, kind, app.ctx.now()) };
    },
  );
};
export default dashboardRoutes;
