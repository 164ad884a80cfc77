/**
 * The administrators' hand-written routes beside the declared resources (the product brief,
 * section 7: the calls it makes, Admin). Routes check and answer; accounts.ts and queries.ts
 * do the work.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import addUserRoute from './add-user';
import updateUserRoute from './update-user';
import onlineUsersRoutes from './online-users';
import userStatusRoutes from './user-status';
import setPasswordRoute from './set-password';
import rolesRoutes from './roles';
import systemStatusRoute from './system-status';
import recentMailRoute from './recent-mail';

const adminModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(onlineUsersRoutes);
  await app.register(userStatusRoutes);
  await app.register(addUserRoute);
  await app.register(updateUserRoute);
  await app.register(setPasswordRoute);
  await app.register(rolesRoutes);
  await app.register(systemStatusRoute);
  await app.register(recentMailRoute);
};
export default adminModule;
