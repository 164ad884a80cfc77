/**
 * Marking several notifications at once. The client sends a multipart form (the product brief,
 * section 7: the calls it makes, Notifications) with the ids as `ids` or `notificationIds`
 * fields, repeated or comma-separated; JSON `{ids: [...]}` works too. All-or-nothing: one
 * invalid or foreign id refuses the whole call. Multipart is registered here only, so no other
 * route accepts it.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { NOTIFICATION_ERRORS } from '../../../src/domain/notifications';
import { badRequest } from '../../http/errors';
import { errorResponses, okList } from '../../http/response';
import { markNotifications, notificationsByIds, type Viewer } from './queries';
import { viewerOf } from './routes';
import { notificationItem } from './schemas';
import { isUuid } from '../../../src/domain/uuid';

const MAX_IDS = 500;
const ID_FIELDS = ['ids', 'notificationIds', 'ids[]', 'notificationIds[]'];

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
  // Not ids at all: the one message of a malformed id (src/domain/schemas/record-id.ts).
  if (!ids.every((id) => isUuid(id))) throw badRequest(MESSAGES.idInvalid, { ids: MESSAGES.idInvalid });
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** The ids as the client may send them; idsFromBody reads and checks them (every problem names `ids`). */
const idList = z
  .unknown()
  .optional()
  .meta({
    description: 'Notification ids: the field repeated, or comma-separated (multipart); or an array (JSON)',
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: MAX_IDS }],
  });
const bulkBody = z.object({ ids: idList, notificationIds: idList }).catchall(z.unknown());

const bulkNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const tags = ['Notifications'];
  const access = { roles: 'any' } as const;

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: MAX_IDS + 10, fieldSize: 64 * 1024, parts: MAX_IDS + 10 },
  });

  /** All or nothing: one id that is not the caller's refuses the whole call. */
  const markMany = async (viewer: Viewer, body: unknown, action: 'read' | 'archive') => {
    const ids = idsFromBody(body);
    const own = await notificationsByIds(db, viewer, ids);
    if (own.length !== ids.length) {
      throw badRequest(NOTIFICATION_ERRORS.idsNotFound, { ids: NOTIFICATION_ERRORS.idsNotFound });
    }
    await markNotifications(db, viewer.userId, ids, action, new Date(app.ctx.now()));
    return { result: await notificationsByIds(db, viewer, ids) };
  };
  const schema = (summary: string) => ({
    tags,
    summary,
    consumes: ['multipart/form-data', 'application/json'],
    body: bulkBody,
    response: { 200: okList(notificationItem), ...errorResponses },
  });

  app.put(
    API.markNotificationsRead,
    { schema: schema('Mark several of my notifications as read (multipart or JSON ids)'), config: { access } },
    async (request) => markMany(viewerOf(request), request.body, 'read'),
  );
  app.put(
    API.archiveNotifications,
    { schema: schema('Archive several of my notifications (multipart or JSON ids)'), config: { access } },
    async (request) => markMany(viewerOf(request), request.body, 'archive'),
  );
};
export default bulkNotificationRoutes;
