/**
 * Changing one's password while signed in: the current password is required, every OTHER
 * session of the account is signed out (the one that made the change stays), and the account's
 * address is told. Wrong current passwords count like failed sign-ins
 * (RATE_LIMIT_LOGIN_FAILURES per window), so a stolen session cannot guess its way through.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import type { AuthContext } from '../../context';
import { users } from '../../db/schema';
import { verifyPassword } from '../../auth/passwords';
import { badRequest, notFound } from '../../http/errors';
import { renderPlatformMail } from '../email-templates';
import { logAccess, setPassword, revokeOtherSessions, countedGuess } from '../user';

export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
) {
  const { db } = app.ctx.database;
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw notFound();
  // Counted as a failure unless the password proves right, so guesses sent at once count each.
  const max = app.ctx.config.rateLimit.loginFailuresPerAccount;
  const entry = { email: auth.email, event: 'password_change_failed', max, userId: user.id } as const;
  await countedGuess(app, request, entry, async () => {
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw badRequest(MESSAGES.currentPasswordWrong, { currentPassword: MESSAGES.currentPasswordWrong });
    }
  });
  await setPassword(db, user.id, input.newPassword, app.ctx.now());
  await revokeOtherSessions(app, user.id, auth.sessionId, 'password_changed');
  await logAccess(db, request, { event: 'password_changed', userId: user.id, email: user.email });
  const mail = await renderPlatformMail(app, 'password-changed', user.language, { 'user.firstName': user.firstName });
  await app.ctx.mail.send({ to: user.email, ...mail });
}
