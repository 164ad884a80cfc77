/**
 * Profile (the product brief, section 7, Profile): my profile and picture, email and phone
 * changes with codes, password change, and completing an account on /register. One encapsulated
 * plugin, so the multipart parser of update-profile stays local to these routes.
 */
import type { FastifyInstance } from 'fastify';
import { FILE_KINDS, registerMultipart } from '../storage';
import contactChangeRoutes from './contact-change-routes';
import passwordRoutes from './password-routes';
import profileRoutes from './profile-routes';
import submitDetailsRoutes from './submit-details-routes';

export default async function profileModule(app: FastifyInstance) {
  await registerMultipart(app, { maxBytes: FILE_KINDS.avatar.maxBytes, fields: 10 });
  await app.register(profileRoutes);
  await app.register(contactChangeRoutes);
  await app.register(passwordRoutes);
  await app.register(submitDetailsRoutes);
}
