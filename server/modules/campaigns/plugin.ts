/** Email campaigns (email_campaigns, CLUBOWNER): the owner's calls, the public ends of the mail, the send queue's loop. */
import type { FastifyInstance } from 'fastify';
import campaignRoutes from './campaign-routes';
import publicRoutes from './public-routes';
import { startQueueLoop } from './runner';
import testHooks from './test-hooks';

export default async function campaignsModule(app: FastifyInstance) {
  startQueueLoop(app);
  await app.register(campaignRoutes);
  await app.register(publicRoutes);
  if (app.ctx.config.testHooks) await app.register(testHooks);
}
