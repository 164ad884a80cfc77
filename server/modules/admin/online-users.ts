/** Who is signed in right now: users with a live session seen in the last few minutes. */
import type { FastifyInstance } from 'fastify';
import { and, count, countDistinct, desc, eq, gt, isNull, max } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { sessions, users } from '../../db/schema';
import { paged } from '../../http/paging';

const ONLINE_WINDOW_MS = 5 * 60_000;

export default async function onlineUsersRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  app.get(
    API.onlineUsers,
    {
      schema: {
        tags: ['Admin'],
        summary: 'Users with an active session in the last 5 minutes',
        querystring: pagingQuery,
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request, res) => {
      const { page, perPage } = request.query as { page: number; perPage: number };
      const now = app.ctx.now();
      const live = and(
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - ONLINE_WINDOW_MS)),
      );
      const lastSeen = max(sessions.lastSeenAt);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            roleName: users.role,
            lastSeenAt: lastSeen,
            sessions: count(sessions.id),
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(live)
          .groupBy(users.id)
          .orderBy(desc(lastSeen), users.id)
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ n: countDistinct(sessions.userId) })
          .from(sessions)
          .where(live),
      ]);
      return paged(res, rows, page, perPage, total?.n ?? 0);
    },
  );
}
