/**
 * POST /api/User/change-password (spec section 7, Profile): the current password is required,
 * the new one meets the password rule, and every OTHER session of the account is signed out;
 * the session that made the change stays. Wrong current passwords count like failed sign-ins
 * (RATE_LIMIT_LOGIN_FAILURES per window), so a stolen session cannot guess its way through.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { changePasswordSchema } from '../../../src/domain/schemas/profile';
import { sessions, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { caller } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { logAccess } from '../user/access-log';
import { enforceAccountLimit, perIpLimit } from '../user/rate-limits';

export default async function passwordRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;

  app.post(
    API.changePassword,
    {
      schema: {
        tags: ['Profile'],
        summary: 'Change my password (current one required); signs out my other sessions',
        body: changePasswordSchema,
      },
      config: { access: { roles: 'any' }, ...perIpLimit(app) },
    },
    async (request) => {
      const auth = caller(request);
      const { currentPassword, newPassword } = request.body as { currentPassword: string; newPassword: string };
      await enforceAccountLimit(
        app,
        auth.email,
        'password_change_failed',
        app.ctx.config.rateLimit.loginFailuresPerAccount,
      );
      const [user] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, auth.userId));
      if (!user) throw notFound();
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        await logAccess(db, request, {
          event: 'password_change_failed',
          userId: user.id,
          email: user.email,
          success: false,
        });
        throw badRequest(MESSAGES.currentPasswordWrong, { currentPassword: MESSAGES.currentPasswordWrong });
      }
      const now = new Date(app.ctx.now());
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: now })
        .where(eq(users.id, user.id));
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'password_changed' })
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, auth.sessionId), isNull(sessions.revokedAt)));
      await logAccess(db, request, { event: 'password_changed', userId: user.id, email: user.email });
      await app.ctx.mail.send({
        to: user.email,
        subject: 'Your password was changed',
        text:
          `Hello ${user.firstName},\n\nThe password of your account was changed and your other sessions were signed out. ` +
          'If you did not do this, reset your password at once with "Forgot password".',
      });
      return { result: { message: MESSAGES.passwordUpdated } };
    },
  );
}
