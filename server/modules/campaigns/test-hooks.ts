/**
 * Test hooks of the campaigns (registered only with TEST_HOOKS=true: the browser tests' server,
 * tests/e2e/global-setup.ts). An A/B test's winner is chosen hours after the send starts; the
 * browser test cannot move the server's clock (the API tests' movable clock is theirs alone), and
 * moving it for the whole shared server would age every session and date of the files after it.
 * So this moves one campaign back in time instead: its start (and schedule) N hours earlier, as
 * if that long had passed for it alone, then wakes the queue. The owner's role and business are
 * checked as on every campaign route.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CAMPAIGN_API, CAMPAIGN_ROLES } from '../../../src/domain/campaigns/api';
import { campaignRow } from '../../../src/domain/campaigns/wire';
import { caller } from '../../auth/access';
import { errorResponses, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { getCampaign } from './campaign-service';
import { wakeQueue } from './runner';
import { campaigns } from './tables';

export const ELAPSE_PATH = `${CAMPAIGN_API.campaign}/test-elapse`;
const HOUR_MS = 3_600_000;

const testHooks: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.post(
    ELAPSE_PATH,
    {
      schema: {
        tags: ['Campaigns'],
        summary: 'Test hook (TEST_HOOKS=true only): as if `hours` had passed for this campaign since it started',
        params: z.object({ id: z.string().max(64) }),
        body: z.object({
          hours: z
            .number()
            .int()
            .min(1)
            .max(24 * 30),
        }),
        response: { 200: ok(campaignRow), ...errorResponses },
      },
      config: { access: { roles: CAMPAIGN_ROLES, tenant: true } },
    },
    async (request) => {
      const businessId = caller(request).businessId!;
      const c = await getCampaign(db, businessId, request.params.id);
      const back = (d: Date | null) => (d ? new Date(d.getTime() - request.body.hours * HOUR_MS) : d);
      await db
        .update(campaigns)
        .set({ startedAt: back(c.startedAt), scheduledAt: back(c.scheduledAt) })
        .where(eq(campaigns.id, c.id));
      wakeQueue(app);
      return { result: await getCampaign(db, businessId, c.id) };
    },
  );
};
export default testHooks;
