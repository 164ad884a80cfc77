/**
 * Notifications (spec section 7): the caller's own notifications, admin announcements, web
 * push subscriptions, and the hub resolver that turns a created notification into a delivery.
 * One encapsulated plugin so its multipart parser stays local to these routes.
 */
import type { FastifyInstance } from 'fastify';

export default async function notificationModule(app: FastifyInstance) {
  void app;
}
