/** Venues beyond their declared resource: the picker, opening hours, the business's time zone. */
import type { FastifyInstance } from 'fastify';
import venueRoutes from './venue-routes';

export default async function venueModule(app: FastifyInstance) {
  await app.register(venueRoutes);
}
