/** The admin announcement (spec section 7): one notification for a user, a role or everyone. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { announcementSchema, type NotificationAudience } from '../../../src/domain/notifications';
import type { Role } from '../../../src/domain/roles';
import { users } from '../../db/schema';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { createNotification } from './service';

interface Announcement {
  title: string;
  message: string;
  type?: string;
  audience: NotificationAudience;
  userId?: string;
  role?: Role;
}

export default async function announcementRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;

  app.post(
    API.announcement,
    {
      schema: { tags: ['Notifications'], summary: 'Send an announcement (admin)', body: announcementSchema },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request) => {
      const body = request.body as Announcement;
      if (body.audience === 'user') {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.userId!)).limit(1);
        if (!user) throw notFound();
      }
      const row = await createNotification(app, {
        title: body.title,
        message: body.message,
        type: body.type ?? 'announcement',
        audience: body.audience,
        userId: body.audience === 'user' ? body.userId : null,
        role: body.audience === 'role' ? body.role : null,
        createdBy: caller(request).userId,
      });
      return {
        result: {
          id: row.id,
          title: row.title,
          message: row.message,
          type: row.type,
          audience: row.audience,
          userId: row.recipientUserId,
          role: row.recipientRole,
          notificationDate: row.createdAt.toISOString(),
        },
      };
    },
  );
}
