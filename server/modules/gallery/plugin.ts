/** The business's gallery: images through the storage adapter, thumbnails, order, cover. */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { FILE_KINDS } from '../storage/kinds';
import galleryRoutes from './gallery-routes';

export default async function galleryModule(app: FastifyInstance) {
  // One image per request; a byte over the limit is the storage's cue to stop (storeUpload).
  await app.register(multipart, {
    limits: { fileSize: FILE_KINDS.galleryImage.maxBytes + 1, files: 1, fields: 5, parts: 6 },
  });
  await app.register(galleryRoutes);
}
