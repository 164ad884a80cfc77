/** Email domains: adding one with its DKIM key, the records to publish, the DNS check and its background re-check. */
import type { FastifyInstance } from 'fastify';
import domainRoutes from './domain-routes';
import { startRechecks } from './recheck';

export default async function domainsModule(app: FastifyInstance) {
  await app.register(domainRoutes);
  app.addHook('onReady', async () => startRechecks(app));
}
