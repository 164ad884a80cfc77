/** A venue's events, their ticket types and the tickets issued to guests. */
import type { FastifyInstance } from 'fastify';
import { registerDeleteGuard } from '../../resources/delete-guards';
import eventRoutes from './event-routes';
import testHooks from './test-hooks';
import { venueWithUpcomingEvents } from './venue-delete-guard';

export default async function eventsModule(app: FastifyInstance) {
  registerDeleteGuard('venues', venueWithUpcomingEvents);
  await app.register(eventRoutes);
  if (app.ctx.config.testHooks) await app.register(testHooks);
}
