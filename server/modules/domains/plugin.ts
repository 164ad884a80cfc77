/** Email domains (adding one with its DKIM key, the records to publish, the DNS check and its background re-check) and the senders on them. */
import type { FastifyInstance } from 'fastify';
import domainRoutes from './domain-routes';
import senderRoutes from './sender-routes';
import { startRechecks } from './recheck';

export default async function domainsModule(app: FastifyInstance) {
  await app.register(domainRoutes);
  await app.register(senderRoutes);
  app.addHook('onReady', async () => startRechecks(app));
}
