/** My passkeys on the profile: list, rename, delete. Only the owner's rows exist for a caller (others answer 404). */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { passkeyIdQuery, renamePasskeySchema } from '../../../src/domain/schemas/passkey';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, ok, okEmpty, okList } from '../../http/response';
import { logAccess } from '../user';
import { deletePasskey, listPasskeys, renamePasskey } from './passkey-rows';
import { passkeySummarySchema } from './schemas';

const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const tags = ['Passkeys'];

  app.get(
    API.passkeys,
    {
      schema: {
        tags,
        summary: 'My passkeys, oldest first',
        querystring: pagingQuery,
        response: { 200: okList(passkeySummarySchema), ...errorResponses },
      },
      config: { access: { roles: 'any' } },
    },
    async (request, res) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listPasskeys(db, caller(request).userId, page, perPage);
      return paged(res, rows, page, perPage, total);
    },
  );

  app.patch(
    API.passkeys,
    {
      schema: {
        tags,
        summary: 'Rename one of my passkeys',
        querystring: passkeyIdQuery,
        body: renamePasskeySchema,
        response: { 200: ok(passkeySummarySchema), ...errorResponses },
      },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const renamed = await renamePasskey(db, caller(request).userId, request.query.passkeyId, request.body.name);
      if (!renamed) throw notFound();
      return { result: renamed };
    },
  );

  app.delete(
    API.passkeys,
    {
      schema: {
        tags,
        summary: 'Delete one of my passkeys',
        querystring: passkeyIdQuery,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const auth = caller(request);
      if (!(await deletePasskey(db, auth.userId, request.query.passkeyId))) throw notFound();
      await logAccess(db, request, { event: 'passkey_removed', userId: auth.userId, email: auth.email });
      return { result: true };
    },
  );
};
export default manageRoutes;
