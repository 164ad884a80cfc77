/** The caller's business (the tenant): its details. */
import type { FastifyInstance } from 'fastify';
import businessInfoRoutes from './business-info';

export default async function businessModule(app: FastifyInstance) {
  await app.register(businessInfoRoutes);
}
