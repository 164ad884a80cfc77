/** Email domains (adding one with its DKIM key, the records to publish, the DNS check and its background re-check) and the senders on them. */
import type { FastifyInstance } from 'fastify';
import domainRoutes from './domain-routes';
import senderRoutes from './sender-routes';
import { startRechecks } from './recheck';
import { sealPlainKeys } from './sending';

export default async function domainsModule(app: FastifyInstance) {
  await app.register(domainRoutes);
  await app.register(senderRoutes);
  app.addHook('onReady', async () => startRechecks(app));
  // Keys stored as PEM before keys were sealed are sealed once here (sending.ts).
  app.addHook('onReady', async () => {
    const sealed = await sealPlainKeys(app);
    if (sealed) app.log.info(`sealed ${sealed} DKIM private key(s) stored as plain PEM`);
  });
}
