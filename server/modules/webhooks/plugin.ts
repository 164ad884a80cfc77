/** Webhooks: the owner's endpoints and delivery log, the venue-event listener and the delivery worker. */
import type { FastifyInstance } from 'fastify';
import { onVenueEvent } from '../venue/venue-events';
import { enqueueVenueEvent } from './delivery-service';
import webhookRoutes from './webhook-routes';
import { startDeliveryWorker, type DeliveryWorker } from './worker';

export default async function webhooksModule(app: FastifyInstance) {
  await app.register(webhookRoutes);
  let worker: DeliveryWorker | null = null;
  // Queuing is a few inserts on the request path; sending happens in the worker.
  onVenueEvent(app, async (instance, event) => {
    if ((await enqueueVenueEvent(instance, event)) > 0) worker?.kick();
  });
  app.addHook('onReady', async () => {
    worker = startDeliveryWorker(app);
  });
}
