/** The Facebook page connection of a club owner's business (facebook_ads). */
import type { FastifyInstance } from 'fastify';
import facebookRoutes from './facebook-routes';

export default async function facebookModule(app: FastifyInstance) {
  await app.register(facebookRoutes);
}
