/** Two-factor sign-in: set-up, verification and recovery codes. */
import type { FastifyInstance } from 'fastify';
import twoFactorRoutes from './two-factor-routes';

export default async function securityModule(app: FastifyInstance) {
  await app.register(twoFactorRoutes);
}
