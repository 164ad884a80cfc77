/**
 * Notifications (the product brief, section 7: the calls it makes, Notifications): the caller's
 * own notifications, admin announcements, web push subscriptions, and the hub resolver that
 * turns a created notification into a delivery. One encapsulated plugin, so the multipart
 * parser of the bulk routes stays local to them.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import announcementRoutes from './announcement-routes';
import bulkNotificationRoutes from './bulk-routes';
import { installPushService } from './push-service';
import pushRoutes from './push-routes';
import notificationRoutes from './routes';
import { resolveNotification } from './service';

const notificationModule: FastifyPluginAsyncZod = async (app) => {
  const push = installPushService(app.ctx, app.log);
  app.ctx.hub.onEvent('notification', (event) => resolveNotification(app.ctx.database.db, event.id));
  // Let background pushes finish before the database closes.
  app.addHook('onClose', () => push.idle());

  await app.register(notificationRoutes);
  await app.register(bulkNotificationRoutes);
  await app.register(announcementRoutes);
  await app.register(pushRoutes, { push });
};
export default notificationModule;
