/** Team members: the owner's team routes and the invited member's activation. */
import type { FastifyInstance } from 'fastify';
import teamRoutes from './team-routes';
import memberRoutes from './member-routes';

export default async function teamModule(app: FastifyInstance) {
  await app.register(teamRoutes);
  await app.register(memberRoutes);
}
