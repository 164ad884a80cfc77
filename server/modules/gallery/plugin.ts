/** The business's gallery: images through the storage adapter, thumbnails, order, cover. */
import type { FastifyInstance } from 'fastify';
import { FILE_KINDS, registerMultipart } from '../storage';
import galleryRoutes from './gallery-routes';

export default async function galleryModule(app: FastifyInstance) {
  await registerMultipart(app, { maxBytes: FILE_KINDS.galleryImage.maxBytes, fields: 5 });
  await app.register(galleryRoutes);
}
