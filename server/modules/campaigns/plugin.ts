/** Email campaigns (email_campaigns, CLUBOWNER): the owner's calls, the public ends of the mail, the send queue's loop. */
import type { FastifyInstance } from 'fastify';
import { registerDeleteGuard, type DeleteGuard } from '../../resources/delete-guards';
import { formatMessage } from '../../../src/domain/messages';
import { campaignAwaitingSender } from './campaign-service';
import campaignRoutes from './campaign-routes';
import publicRoutes from './public-routes';
import { startQueueLoop } from './runner';
import testHooks from './test-hooks';

/** A sender a scheduled, sending or paused campaign still sends from is kept (409, naming the campaign). */
const senderAwaited: DeleteGuard = async (app, sender) => {
  const campaign = await campaignAwaitingSender(app.ctx.database.db, String(sender.businessId), String(sender.id));
  return campaign ? formatMessage('emailSenderInUse', { campaign }) : null;
};

export default async function campaignsModule(app: FastifyInstance) {
  registerDeleteGuard('senders', senderAwaited);
  startQueueLoop(app);
  await app.register(campaignRoutes);
  await app.register(publicRoutes);
  if (app.ctx.config.testHooks) await app.register(testHooks);
}
