/**
 * GET /api/AdminAccount/mail: the status page's "Recent mail", the outbox's latest messages
 * (newest first, paged like the other admin lists) with their From, delivery, DKIM signer and
 * header block — never their bodies (src/domain/admin/recent-mail.ts says why). The mail module
 * owns the outbox and reads it (its face's `recentMail`).
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { RECENT_MAIL_PATH, recentMailQuery, recentMailRow } from '../../../src/domain/admin/recent-mail';
import { paged } from '../../http/paging';
import { errorResponses, okList } from '../../http/response';
import { recentMail } from '../mail';

const recentMailRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    RECENT_MAIL_PATH,
    {
      schema: {
        tags: ['Admin'],
        summary: "The outbox's latest mail, newest first: From, delivery, DKIM signer and headers (no bodies)",
        querystring: recentMailQuery,
        response: { 200: okList(recentMailRow), ...errorResponses },
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await recentMail(app.ctx.database.db, page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );
};
export default recentMailRoute;
