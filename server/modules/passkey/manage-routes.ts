/** My passkeys on the profile: list, rename, delete. Only the owner's rows exist for a caller (others answer 404). */
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { passkeyIdQuery, renamePasskeySchema } from '../../../src/domain/schemas/passkey';
import { passkeys } from '../../db/schema';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { logAccess } from '../user/access-log';
import { toSummary } from './passkey-rows';

export default async function manageRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const tags = ['Passkeys'];

  app.get(
    API.passkeys,
    {
      schema: { tags, summary: 'My passkeys, oldest first', querystring: pagingQuery },
      config: { access: { roles: 'any' } },
    },
    async (request, res) => {
      const { page, perPage } = request.query as { page: number; perPage: number };
      const mine = eq(passkeys.userId, caller(request).userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(passkeys)
          .where(mine)
          .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(passkeys).where(mine),
      ]);
      return paged(res, rows.map(toSummary), page, perPage, total?.n ?? 0);
    },
  );

  app.patch(
    API.passkeys,
    {
      schema: { tags, summary: 'Rename one of my passkeys', querystring: passkeyIdQuery, body: renamePasskeySchema },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const { passkeyId } = request.query as { passkeyId: string };
      const { name } = request.body as { name: string };
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, caller(request).userId)))
        .returning();
      if (!row) throw notFound();
      return { result: toSummary(row) };
    },
  );

  app.delete(
    API.passkeys,
    {
      schema: { tags, summary: 'Delete one of my passkeys', querystring: passkeyIdQuery },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const { passkeyId } = request.query as { passkeyId: string };
      const auth = caller(request);
      const deleted = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, auth.userId)))
        .returning({ id: passkeys.id });
      if (deleted.length === 0) throw notFound();
      await logAccess(db, request, { event: 'passkey_removed', userId: auth.userId, email: auth.email });
      return { result: true };
    },
  );
}
