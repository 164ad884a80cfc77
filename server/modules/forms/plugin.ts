/** The form builder: ADMIN's forms, versions and submissions, and the public form (product brief section 2). */
import type { FastifyInstance } from 'fastify';
import formRoutes from './form-routes';
import publicRoutes from './public-routes';

export default async function formsModule(app: FastifyInstance) {
  await app.register(formRoutes);
  await app.register(publicRoutes);
}
