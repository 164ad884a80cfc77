/** The caller's own access log (the product brief, section 7: the calls it makes, Two-factor and logs): paged list and delete one entry. */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { ACCESS_EVENTS } from '../../../src/domain/access-log';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, okEmpty, okList, timestamp } from '../../http/response';
import { deleteAccessLogEntry, listAccessLog } from './access-log';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const deleteQuery = z.object({ logId: recordIdSchema });

const accessLogEntry = z.object({
  id: z.string(),
  event: z.enum(ACCESS_EVENTS),
  success: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: timestamp,
});

const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const tags = ['Access logs'];

  app.get(
    API.logs,
    {
      schema: {
        tags,
        summary: 'My access log, newest first',
        querystring: pagingQuery,
        response: { 200: okList(accessLogEntry), ...errorResponses },
      },
      config: { access: { roles: 'any' } },
    },
    async (request, res) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listAccessLog(db, caller(request).userId, page, perPage);
      return paged(res, rows, page, perPage, total);
    },
  );

  app.delete(
    API.logs,
    {
      schema: {
        tags,
        summary: 'Delete one of my access-log entries',
        querystring: deleteQuery,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      if (!(await deleteAccessLogEntry(db, caller(request).userId, request.query.logId))) throw notFound();
      return { result: true };
    },
  );
};
export default logsRoutes;
