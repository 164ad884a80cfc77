/** Availability: a business's weekly time slots, exceptions and open intervals (schedule_management). */
import type { FastifyInstance } from 'fastify';
import availabilityRoutes from './availability-routes';

export default async function availabilityModule(app: FastifyInstance) {
  await app.register(availabilityRoutes);
}
