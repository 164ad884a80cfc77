/**
 * Marking several notifications at once. The client sends a multipart form (spec section 7)
 * with the ids as `ids` or `notificationIds` fields, repeated or comma-separated; JSON
 * `{ids: [...]}` works too. All-or-nothing: one invalid or foreign id refuses the whole call.
 * Multipart is registered here only, so no other route accepts it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { NOTIFICATION_ERRORS } from '../../../src/domain/notifications';
import { badRequest } from '../../http/errors';
import { markNotifications, notificationsByIds } from './queries';
import { viewerOf } from './routes';

const MAX_IDS = 500;
const ID_FIELDS = ['ids', 'notificationIds', 'ids[]', 'notificationIds[]'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The distinct ids named in the body, however the client spelled them. */
export function idsFromBody(body: unknown): string[] {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const values = ID_FIELDS.flatMap((name) => {
    const v = fields[name];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  });
  if (values.some((v) => typeof v !== 'string')) {
    throw badRequest(NOTIFICATION_ERRORS.idsInvalid, { ids: NOTIFICATION_ERRORS.idsInvalid });
  }
  const ids = (values as string[])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (ids.length === 0) throw badRequest(NOTIFICATION_ERRORS.idsRequired, { ids: NOTIFICATION_ERRORS.idsRequired });
  if (ids.length > MAX_IDS) {
    throw badRequest(MESSAGES.invalidInput, { ids: MESSAGES.tooLarge.replace('{{max}}', String(MAX_IDS)) });
  }
  if (!ids.every((id) => UUID.test(id))) {
    throw badRequest(NOTIFICATION_ERRORS.idsInvalid, { ids: NOTIFICATION_ERRORS.idsInvalid });
  }
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

export default async function bulkNotificationRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const tags = ['Notifications'];
  const access = { roles: 'any' } as const;

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: MAX_IDS + 10, fieldSize: 64 * 1024, parts: MAX_IDS + 10 },
  });

  const markMany = (action: 'read' | 'archive') => async (request: FastifyRequest) => {
    const ids = idsFromBody(request.body);
    const viewer = viewerOf(request);
    const own = await notificationsByIds(db, viewer, ids);
    if (own.length !== ids.length) {
      throw badRequest(NOTIFICATION_ERRORS.idsNotFound, { ids: NOTIFICATION_ERRORS.idsNotFound });
    }
    await markNotifications(db, viewer.userId, ids, action, new Date(app.ctx.now()));
    return { result: await notificationsByIds(db, viewer, ids) };
  };

  app.put(
    API.markNotificationsRead,
    {
      schema: { tags, summary: 'Mark several of my notifications as read (multipart or JSON ids)' },
      config: { access },
    },
    markMany('read'),
  );
  app.put(
    API.archiveNotifications,
    { schema: { tags, summary: 'Archive several of my notifications (multipart or JSON ids)' }, config: { access } },
    markMany('archive'),
  );
}
