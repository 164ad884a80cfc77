/** The door check and the guest's public ticket page (the reservations area's door half). */
import type { FastifyInstance } from 'fastify';
import doorRoutes from './door-routes';
import doorPublicRoutes from './door-public-routes';

export default async function doorModule(app: FastifyInstance) {
  await app.register(doorRoutes);
  await app.register(doorPublicRoutes);
}
