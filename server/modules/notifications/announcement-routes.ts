/**
 * The admin announcement (the product brief, section 7: the calls it makes, Notifications):
 * one notification for a user, a role or everyone (service.ts sends it).
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { announcementSchema } from '../../../src/domain/notifications';
import { caller } from '../../auth/access';
import { errorResponses, ok } from '../../http/response';
import { announcementAnswer } from './schemas';
import { sendAnnouncement } from './service';

const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.announcement,
    {
      schema: {
        tags: ['Notifications'],
        summary: 'Send an announcement (admin)',
        body: announcementSchema,
        response: { 200: ok(announcementAnswer), ...errorResponses },
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request) => {
      const input = request.body;
      const row = await sendAnnouncement(app, input, caller(request).userId);
      return {
        result: {
          id: row.id,
          title: row.title,
          message: row.message,
          type: row.type,
          audience: input.audience,
          userId: row.recipientUserId,
          role: row.recipientRole,
          notificationDate: row.createdAt.toISOString(),
        },
      };
    },
  );
};
export default announcementRoutes;
