/**
 * Passkeys (WebAuthn; the product brief, sections 5 and 7: validation rules and the calls it makes): register and manage them from the profile, and
 * sign in with them (autofill or the passkey button) into the same session a password opens.
 */
import type { FastifyInstance } from 'fastify';
import manageRoutes from './manage-routes';
import registrationRoutes from './registration-routes';
import signInRoutes from './sign-in-routes';

export default async function passkeyModule(app: FastifyInstance) {
  await app.register(registrationRoutes);
  await app.register(manageRoutes);
  await app.register(signInRoutes);
}
