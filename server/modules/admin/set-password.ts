/**
 * PATCH /api/AdminAccount/set-password-user: an administrator sets a user's password (the
 * user forgot it and cannot receive mail, say). Same password rule as everywhere; every
 * session of that user is signed out, and the change is written to the access log and audit.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { newPasswordField } from '../../../src/domain/schemas/common';
import usersResource from '../../../src/resources/users/resource';
import { users } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { revokeAllSessions } from '../user/sessions';
import { writeAudit } from '../../resources/audit';

export const setPasswordSchema = z.object({
  id: z.uuid({ error: MESSAGES.invalidValue }),
  password: newPasswordField,
});

export default async function setPasswordRoute(app: FastifyInstance) {
  const { db } = app.ctx.database;
  app.patch(
    API.setPasswordUser,
    {
      schema: {
        tags: ['Admin'],
        summary: "Set a user's password (signs them out everywhere)",
        body: setPasswordSchema,
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request) => {
      const { id, password } = request.body as z.infer<typeof setPasswordSchema>;
      const passwordHash = await hashPassword(password);
      const [user] = await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date(app.ctx.now()) })
        .where(eq(users.id, id))
        .returning({ id: users.id, businessId: users.businessId });
      if (!user) throw notFound();
      await revokeAllSessions(app, id, 'password_set_by_admin');
      // The audit shows that it changed, never the value.
      await writeAudit(db, usersResource, caller(request).userId, [
        {
          recordId: id,
          businessId: user.businessId,
          action: 'update',
          changes: { password: { from: '•••', to: '•••' } },
        },
      ]);
      return { result: { id } };
    },
  );
}
