/** Webhooks: the owner's endpoints and delivery log, the venue-event listener and the delivery worker. */
import type { FastifyInstance } from 'fastify';
import { onVenueEvent } from '../venue';
import { announceQueued, enqueueVenueEvent } from './delivery-service';
import webhookRoutes from './webhook-routes';
import { startDeliveryWorker, type DeliveryWorker } from './worker';

export default async function webhooksModule(app: FastifyInstance) {
  await app.register(webhookRoutes);
  let worker: DeliveryWorker | null = null;
  // Queuing is a few inserts in the writer's transaction; sending happens in the worker, woken
  // once they have committed.
  onVenueEvent(app, async (instance, tx, event) => {
    const ids = await enqueueVenueEvent(instance, tx, event);
    if (!ids.length) return;
    return async () => {
      worker?.kick();
      await announceQueued(instance, event.businessId, ids);
    };
  });
  app.addHook('onReady', async () => {
    worker = startDeliveryWorker(app);
  });
}
