/**
 * Profile (the product brief, section 7, Profile): my profile and picture, email and phone
 * changes with codes, password change, and completing an account on /register. One encapsulated
 * plugin, so the multipart parser of update-profile stays local to these routes.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { FILE_KINDS } from '../storage/kinds';
import contactChangeRoutes from './contact-change-routes';
import passwordRoutes from './password-routes';
import profileRoutes from './profile-routes';
import submitDetailsRoutes from './submit-details-routes';

export default async function profileModule(app: FastifyInstance) {
  // The parser lets one byte over the picture's limit through, so storage's own size check (which
  // stops the upload and stores nothing) is the one that answers, with the picture's message.
  await app.register(multipart, {
    limits: { fileSize: FILE_KINDS.avatar.maxBytes + 1, files: 1, fields: 10, parts: 11 },
  });
  await app.register(profileRoutes);
  await app.register(contactChangeRoutes);
  await app.register(passwordRoutes);
  await app.register(submitDetailsRoutes);
}
