/**
 * Password recovery's work: a 6-digit code by mail (expiring, hashed, limited attempts), checked
 * and then spent on a new password. Nothing here tells a caller whether an account exists: an
 * unknown or inactive email is logged and otherwise treated like one that got its code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { passwordResetCodes } from '../../db/schema';
import { sha256 } from '../../auth/passwords';
import { takeCodeTry } from '../../auth/code-tries';
import { badRequest } from '../../http/errors';
import { renderPlatformMail } from '../email-templates';
import { accountByEmail, setPassword } from './accounts';
import { logAccess } from './access-log';
import { countedRequest, enforceAccountLimit } from './rate-limits';
import { revokeAllSessions } from './sessions';

const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);
const resetCodeTries = {
  table: passwordResetCodes,
  attempts: passwordResetCodes.attempts,
  codeHash: passwordResetCodes.codeHash,
};

/** Mails a fresh code to an active account with this email; does nothing visible otherwise. */
export async function sendRecoveryCode(app: FastifyInstance, request: FastifyRequest, email: string) {
  const { db } = app.ctx.database;
  const { config } = app.ctx;
  const user = await accountByEmail(db, email);
  // Counted under the account's lock before anything is sent: asked at once, each counts.
  await countedRequest(app, request, {
    email,
    event: 'password_reset_requested',
    max: config.rateLimit.codesPerAccount,
    userId: user?.id,
  });
  if (!user || user.status !== 'active') return;
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
  // In the account's language (the one its user last chose in the app).
  const mail = await renderPlatformMail(app, 'recovery', user.language, {
    'user.firstName': user.firstName || '',
    code,
    expiresMinutes: String(config.recoveryCode.ttlMinutes),
  });
  await app.ctx.mail.send({ to: email, ...mail });
}

/**
 * Checks the code (400 when wrong, expired or spent; each wrong try counts). With a password it
 * also sets it, spends the code and signs the account out everywhere.
 */
export async function recoverPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; code: string; password?: string | undefined },
): Promise<'codeAccepted' | 'passwordChanged'> {
  const { db } = app.ctx.database;
  const { config } = app.ctx;
  const { email, code, password } = input;
  await enforceAccountLimit(app, email, 'password_reset_code_failed', config.recoveryCode.maxAttempts);
  const now = app.ctx.now();
  const user = await accountByEmail(db, email);
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
  // A try is taken before the code is compared (code-tries.ts); a right code gives it back.
  const tried =
    user && pending
      ? await takeCodeTry(
          db,
          resetCodeTries,
          [eq(passwordResetCodes.id, pending.id), isNull(passwordResetCodes.usedAt)],
          config.recoveryCode.maxAttempts,
          codeHash(user.id, code),
        )
      : null;
  if (!user || !pending || !tried?.right) {
    if (tried?.lastTry)
      await db
        .update(passwordResetCodes)
        .set({ usedAt: new Date(now) })
        .where(eq(passwordResetCodes.id, pending!.id));
    await logAccess(db, request, { event: 'password_reset_code_failed', userId: user?.id, email, success: false });
    throw badRequest(MESSAGES.codeInvalid, { code: MESSAGES.codeInvalid });
  }
  await tried.giveBack();
  if (!password) return 'codeAccepted';
  await setPassword(db, user.id, password, now);
  await db
    .update(passwordResetCodes)
    .set({ usedAt: new Date(now) })
    .where(eq(passwordResetCodes.id, pending.id));
  // A recovered account starts clean: every session elsewhere is signed out.
  await revokeAllSessions(app, user.id, 'password_reset');
  await logAccess(db, request, { event: 'password_reset', userId: user.id, email });
  return 'passwordChanged';
}
