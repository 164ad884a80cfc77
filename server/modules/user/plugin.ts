/** The signed-in user's account: sign-in and sessions, recovery, access log, preferences. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth-routes';
import logsRoutes from './logs-routes';
import preferencesRoutes from './preferences-routes';
import recoveryRoutes from './recovery-routes';

export default async function userModule(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(recoveryRoutes);
  await app.register(logsRoutes);
  await app.register(preferencesRoutes);
}
