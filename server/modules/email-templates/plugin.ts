/** Email templates (email_templates_management, ADMIN, CLUBOWNER and USER): the templates and their versions, the preview and the test send, the pictures of image blocks. */
import type { FastifyInstance } from 'fastify';
import imageRoutes from './image-routes';
import previewRoutes from './preview-routes';
import templateRoutes from './template-routes';

export default async function emailTemplatesModule(app: FastifyInstance) {
  await app.register(templateRoutes);
  await app.register(previewRoutes);
  await app.register(imageRoutes);
}
