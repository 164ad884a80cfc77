/** The caller's business (the tenant): its details, branding, address, links and logo. */
import type { FastifyInstance } from 'fastify';
import businessInfoRoutes from './business-info';
import logoRoutes from './logo-routes';

export default async function businessModule(app: FastifyInstance) {
  await app.register(businessInfoRoutes);
  await app.register(logoRoutes);
}
