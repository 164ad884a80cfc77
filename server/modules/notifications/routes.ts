/**
 * The caller's own notifications: the paged list, the bell's latest unread, and marking one
 * as read or archived. Another user's notification answers 404, exactly like a missing one.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { LATEST_NOTIFICATIONS_LIMIT, NOTIFICATION_STATUSES } from '../../../src/domain/notifications';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { requestLocale } from '../../i18n';
import { errorResponses, ok, okList } from '../../http/response';
import { listNotifications, markNotifications, notificationsByIds, type Viewer } from './queries';
import { latestNotifications, notificationItem } from './schemas';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

/** An empty filter (`status=` from a form with nothing chosen) means no filter. */
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

const listQuery = z.object({
  ...pagingQuery.shape,
  query: z.string({ error: MESSAGES.mustBeText }).max(200, MESSAGES.tooLarge.replace('{{max}}', '200')).optional(),
  type: z.preprocess(emptyAsUnset, z.string({ error: MESSAGES.mustBeText }).max(50).optional()),
  status: z.preprocess(emptyAsUnset, z.enum(NOTIFICATION_STATUSES, { error: MESSAGES.invalidValue }).optional()),
});
const oneQuery = z.object({ notificationId: recordIdSchema });

export function viewerOf(request: FastifyRequest): Viewer {
  const { userId, role } = caller(request);
  return { userId, role };
}

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const tags = ['Notifications'];
  const access = { roles: 'any' } as const;

  app.get(
    API.notifications,
    {
      schema: {
        tags,
        summary: 'My notifications, newest first (filters: query, type, status)',
        querystring: listQuery,
        response: { 200: okList(notificationItem), ...errorResponses },
      },
      config: { access },
    },
    async (request, reply) => {
      const { page, perPage, query, type, status } = request.query;
      const filters = { query, type, status, locale: requestLocale(request) };
      const { items, total } = await listNotifications(db, viewerOf(request), filters, page, perPage);
      return paged(reply, items, page, perPage, total);
    },
  );

  app.get(
    API.latestNotifications,
    {
      schema: {
        tags,
        summary: 'My unread count and newest unread notifications',
        response: { 200: ok(latestNotifications), ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const { items, total } = await listNotifications(
        db,
        viewerOf(request),
        { status: 'unread' },
        1,
        LATEST_NOTIFICATIONS_LIMIT,
      );
      return { result: { count: total, notifications: items } };
    },
  );

  /** Marks one of the caller's notifications; another user's answers 404 like a missing one. */
  const markOne = async (viewer: Viewer, notificationId: string, action: 'read' | 'archive') => {
    const [own] = await notificationsByIds(db, viewer, [notificationId]);
    if (!own) throw notFound();
    await markNotifications(db, viewer.userId, [notificationId], action, new Date(app.ctx.now()));
    const [marked] = await notificationsByIds(db, viewer, [notificationId]);
    return { result: marked! };
  };
  const oneSchema = (summary: string) => ({
    tags,
    summary,
    querystring: oneQuery,
    response: { 200: ok(notificationItem), ...errorResponses },
  });

  app.patch(
    API.markNotificationRead,
    { schema: oneSchema('Mark one of my notifications as read'), config: { access } },
    async (request) => markOne(viewerOf(request), request.query.notificationId, 'read'),
  );
  app.patch(
    API.archiveNotification,
    { schema: oneSchema('Archive one of my notifications'), config: { access } },
    async (request) => markOne(viewerOf(request), request.query.notificationId, 'archive'),
  );
};
export default notificationRoutes;
