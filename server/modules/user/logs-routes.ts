/** The caller's own access log (spec section 7): paged list and delete one entry. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { accessLogs } from '../../db/schema';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';

const deleteQuery = z.object({ logId: z.uuid({ error: MESSAGES.invalidValue }) });

export default async function logsRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const tags = ['Access logs'];

  app.get(
    API.logs,
    {
      schema: { tags, summary: 'My access log, newest first', querystring: pagingQuery },
      config: { access: { roles: 'any' } },
    },
    async (request, res) => {
      const { page, perPage } = request.query as { page: number; perPage: number };
      const mine = eq(accessLogs.userId, caller(request).userId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: accessLogs.id,
            event: accessLogs.event,
            success: accessLogs.success,
            ip: accessLogs.ip,
            userAgent: accessLogs.userAgent,
            createdAt: accessLogs.createdAt,
          })
          .from(accessLogs)
          .where(mine)
          .orderBy(desc(accessLogs.createdAt), desc(accessLogs.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(accessLogs).where(mine),
      ]);
      return paged(res, rows, page, perPage, total?.n ?? 0);
    },
  );

  app.delete(
    API.logs,
    {
      schema: { tags, summary: 'Delete one of my access-log entries', querystring: deleteQuery },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const { logId } = request.query as { logId: string };
      const deleted = await db
        .delete(accessLogs)
        .where(and(eq(accessLogs.id, logId), eq(accessLogs.userId, caller(request).userId)))
        .returning({ id: accessLogs.id });
      if (deleted.length === 0) throw notFound();
      return { result: true };
    },
  );
}
