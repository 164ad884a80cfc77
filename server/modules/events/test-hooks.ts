/**
 * Test hooks of the events (registered only with TEST_HOOKS=true: the browser tests' server,
 * tests/e2e/global-setup.ts), as campaigns' (server/modules/campaigns/test-hooks.ts): the shared
 * server keeps the real clock, so instead of moving it this moves one event back in time — its
 * start and end N hours earlier, as if that long had passed for it alone. The door's browser test
 * uses it to check a pass of an event under way at any time of day (an added or edited event may
 * not start in the past). The owner's role and business are checked as on every event route.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { eventDetailsAnswer } from '../../../src/domain/events/wire';
import { caller } from '../../auth/access';
import { errorResponses, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { eventDetails, eventOfBusiness } from './queries';
import { events } from './tables';

const HOUR_MS = 3_600_000;

const testHooks: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.post(
    '/api/Events/:id/test-elapse',
    {
      schema: {
        tags: ['Events'],
        summary:
          'Test hook (TEST_HOOKS=true only): as if `hours` had passed for this event (its start and end moved back)',
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ hours: z.number().int().min(1).max(48) }),
        response: { 200: ok(eventDetailsAnswer), ...errorResponses },
      },
      config: { access: { roles: ['CLUBOWNER'], tenant: true } },
    },
    async (request) => {
      const businessId = caller(request).businessId!;
      const row = await eventOfBusiness(db, businessId, request.params.id);
      const back = (d: Date) => new Date(d.getTime() - request.body.hours * HOUR_MS);
      await db
        .update(events)
        .set({ startsAt: back(row.startsAt), endsAt: back(row.endsAt) })
        .where(eq(events.id, row.id));
      return { result: await eventDetails(db, businessId, row.id) };
    },
  );
};
export default testHooks;
