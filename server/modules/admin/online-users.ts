/** GET /api/AdminAccount/online-users: who is signed in right now (queries.ts says what "online" is). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { paged } from '../../http/paging';
import { errorResponses, okList, timestamp } from '../../http/response';
import { onlineUsers } from './queries';

const onlineUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleName: z.string(),
  lastSeenAt: timestamp,
  sessions: z.number().int().meta({ description: 'Live sessions (browsers, devices)' }),
});

const onlineUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.onlineUsers,
    {
      schema: {
        tags: ['Admin'],
        summary: 'Users with an active session in the last 5 minutes',
        querystring: pagingQuery,
        response: { 200: okList(onlineUser), ...errorResponses },
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await onlineUsers(app.ctx.database.db, app.ctx.now(), page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );
};
export default onlineUsersRoutes;
