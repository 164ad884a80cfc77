/** The file manager (file_management, ADMIN and CLUBOWNER): the tree calls and the bytes. */
import type { FastifyInstance } from 'fastify';
import { FILES, UPLOAD_FIELDS } from '../../../src/domain/files/rules';
import { registerMultipart } from '../storage';
import filesRoutes from './files-routes';
import transferRoutes from './transfer-routes';

export default async function filesModule(app: FastifyInstance) {
  await registerMultipart(app, { maxBytes: FILES.maxBytes, files: UPLOAD_FIELDS.length, fields: 3 });
  await app.register(filesRoutes);
  await app.register(transferRoutes);
}
