/**
 * Password recovery: a 6-digit code by mail (expiring, hashed, limited attempts), checked and
 * then spent on recovery-change-password. Answers never reveal whether an account exists.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { forgotPasswordSchema, recoveryChangePasswordSchema, resendCodeSchema } from '../../../src/domain/schemas/auth';
import { passwordResetCodes, users } from '../../db/schema';
import { hashPassword, sha256 } from '../../auth/passwords';
import { badRequest } from '../../http/errors';
import { logAccess } from './access-log';
import { enforceAccountLimit, perIpLimit } from './rate-limits';
import { revokeAllSessions } from './sessions';

const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

export default async function recoveryRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const { config } = app.ctx;
  const tags = ['Password recovery'];

  async function sendCode(request: FastifyRequest) {
    const { email } = request.body as { email: string };
    await enforceAccountLimit(app, email, 'password_reset_requested', config.rateLimit.codesPerAccount);
    const [user] = await db
      .select({ id: users.id, status: users.status, firstName: users.firstName })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    await logAccess(db, request, { event: 'password_reset_requested', userId: user?.id, email });
    if (user && user.status === 'active') {
      const now = app.ctx.now();
      // Only the newest code is valid: older ones are spent when a new one is sent.
      await db
        .update(passwordResetCodes)
        .set({ usedAt: new Date(now) })
        .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)));
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.insert(passwordResetCodes).values({
        userId: user.id,
        codeHash: codeHash(user.id, code),
        expiresAt: new Date(now + config.recoveryCode.ttlMinutes * 60_000),
      });
      await app.ctx.mail.send({
        to: email,
        subject: 'Your password recovery code',
        text:
          `Hello ${user.firstName || ''},\n\nYour password recovery code is ${code}. ` +
          `It expires in ${config.recoveryCode.ttlMinutes} minutes.\n\n` +
          'If you did not ask for it, you can ignore this message.',
      });
    }
    return { result: { message: MESSAGES.codeSent } };
  }

  const limits: FastifyContextConfig = { access: 'public', ...perIpLimit(app) };
  app.post(
    API.forgotPassword,
    { schema: { tags, summary: 'Send a 6-digit recovery code by mail', body: forgotPasswordSchema }, config: limits },
    sendCode,
  );
  app.post(
    API.resendCode,
    { schema: { tags, summary: 'Send a fresh recovery code', body: resendCodeSchema }, config: limits },
    sendCode,
  );

  app.post(
    API.recoveryChangePassword,
    {
      schema: {
        tags,
        summary: 'With email and code: check the code. With a password as well: set it and spend the code.',
        body: recoveryChangePasswordSchema,
      },
      config: limits,
    },
    async (request) => {
      const { email, code, password } = request.body as { email: string; code: string; password?: string };
      await enforceAccountLimit(app, email, 'password_reset_code_failed', config.recoveryCode.maxAttempts);
      const now = app.ctx.now();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      const [pending] = user
        ? await db
            .select()
            .from(passwordResetCodes)
            .where(
              and(
                eq(passwordResetCodes.userId, user.id),
                isNull(passwordResetCodes.usedAt),
                gt(passwordResetCodes.expiresAt, new Date(now)),
              ),
            )
            .orderBy(desc(passwordResetCodes.createdAt))
            .limit(1)
        : [];
      if (!user || !pending || pending.codeHash !== codeHash(user.id, code)) {
        if (pending) {
          const attempts = pending.attempts + 1;
          await db
            .update(passwordResetCodes)
            .set({ attempts, usedAt: attempts >= config.recoveryCode.maxAttempts ? new Date(now) : null })
            .where(eq(passwordResetCodes.id, pending.id));
        }
        await logAccess(db, request, { event: 'password_reset_code_failed', userId: user?.id, email, success: false });
        throw badRequest(MESSAGES.codeInvalid, { code: MESSAGES.codeInvalid });
      }
      if (!password) return { result: { codeAccepted: true } };
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date(now) })
        .where(eq(users.id, user.id));
      await db
        .update(passwordResetCodes)
        .set({ usedAt: new Date(now) })
        .where(eq(passwordResetCodes.id, pending.id));
      // A recovered account starts clean: every session elsewhere is signed out.
      await revokeAllSessions(app, user.id, 'password_reset');
      await logAccess(db, request, { event: 'password_reset', userId: user.id, email });
      return { result: { passwordChanged: true, message: MESSAGES.passwordChanged } };
    },
  );
}
