/** The caller's business (the tenant): its details, branding, address, links and logo; the businesses a user owns. */
import type { FastifyInstance } from 'fastify';
import businessInfoRoutes from './business-info';
import logoRoutes from './logo-routes';
import ownersRoutes from './owners-routes';

export default async function businessModule(app: FastifyInstance) {
  await app.register(businessInfoRoutes);
  await app.register(logoRoutes);
  await app.register(ownersRoutes);
}
