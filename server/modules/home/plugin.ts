/** The signed-in home's data: the dashboard of club owners and users. */
import type { FastifyInstance } from 'fastify';
import dashboardRoutes from './dashboard-routes';

export default async function homeModule(app: FastifyInstance) {
  await app.register(dashboardRoutes);
}
