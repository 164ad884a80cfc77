/** WhatsApp templates (ws_template_management, ADMIN and CLUBOWNER): template-routes.ts. */
import type { FastifyInstance } from 'fastify';
import templateRoutes from './template-routes';

export default async function wsTemplatesModule(app: FastifyInstance) {
  await app.register(templateRoutes);
}
