/** The administrators' hand-written routes beside the declared resources (spec section 7, Admin). */
import type { FastifyInstance } from 'fastify';
import addUserRoute from './add-user';
import onlineUsersRoutes from './online-users';
import userStatusRoutes from './user-status';
import setPasswordRoute from './set-password';
import rolesRoutes from './roles';
import systemStatusRoute from './system-status';

export default async function adminModule(app: FastifyInstance) {
  await app.register(onlineUsersRoutes);
  await app.register(userStatusRoutes);
  await app.register(addUserRoute);
  await app.register(setPasswordRoute);
  await app.register(rolesRoutes);
  await app.register(systemStatusRoute);
}
