/**
 * The caller's own notifications: the paged list, the bell's latest unread, and marking one
 * as read or archived. Another user's notification answers 404, exactly like a missing one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import {
  LATEST_NOTIFICATIONS_LIMIT,
  NOTIFICATION_STATUSES,
  type LatestNotifications,
} from '../../../src/domain/notifications';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { listNotifications, markNotifications, notificationsByIds, type Viewer } from './queries';

/** An empty filter (`status=` from a form with nothing chosen) means no filter. */
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

const listQuery = z.object({
  ...pagingQuery.shape,
  query: z.string({ error: MESSAGES.mustBeText }).max(200, MESSAGES.tooLarge.replace('{{max}}', '200')).optional(),
  type: z.preprocess(emptyAsUnset, z.string({ error: MESSAGES.mustBeText }).max(50).optional()),
  status: z.preprocess(emptyAsUnset, z.enum(NOTIFICATION_STATUSES, { error: MESSAGES.invalidValue }).optional()),
});
type ListQuery = z.infer<typeof listQuery>;

const oneQuery = z.object({ notificationId: z.uuid({ error: MESSAGES.invalidValue }) });

export function viewerOf(request: FastifyRequest): Viewer {
  const { userId, role } = caller(request);
  return { userId, role };
}

export default async function notificationRoutes(app: FastifyInstance) {
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
      },
      config: { access },
    },
    async (request, res) => {
      const { page, perPage, query, type, status } = request.query as ListQuery;
      const { items, total } = await listNotifications(db, viewerOf(request), { query, type, status }, page, perPage);
      return paged(res, items, page, perPage, total);
    },
  );

  app.get(
    API.latestNotifications,
    { schema: { tags, summary: 'My unread count and newest unread notifications' }, config: { access } },
    async (request): Promise<{ result: LatestNotifications }> => {
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

  const markOne = (action: 'read' | 'archive') => async (request: FastifyRequest) => {
    const { notificationId } = request.query as { notificationId: string };
    const viewer = viewerOf(request);
    const [own] = await notificationsByIds(db, viewer, [notificationId]);
    if (!own) throw notFound();
    await markNotifications(db, viewer.userId, [notificationId], action, new Date(app.ctx.now()));
    const [result] = await notificationsByIds(db, viewer, [notificationId]);
    return { result: result! };
  };

  app.patch(
    API.markNotificationRead,
    { schema: { tags, summary: 'Mark one of my notifications as read', querystring: oneQuery }, config: { access } },
    markOne('read'),
  );
  app.patch(
    API.archiveNotification,
    { schema: { tags, summary: 'Archive one of my notifications', querystring: oneQuery }, config: { access } },
    markOne('archive'),
  );
}
