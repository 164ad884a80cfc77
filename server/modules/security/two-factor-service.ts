/**
 * Two-factor's work behind the routes: a new secret to scan (enrollment), confirming it (enable,
 * which answers the recovery codes), checking a code for a session, and turning it off. The
 * brute-force counter, replay guard and recovery codes are in two-factor-store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { TWO_FACTOR, type TwoFactorSetup } from '../../../src/domain/schemas/two-factor';
import {
  twoFactorCredentials,
  twoFactorEnrollments,
  twoFactorRecoveryCodes,
  twoFactorSessions,
  users,
} from '../../db/schema';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../context';
import { badRequest } from '../../http/errors';
import { logAccess, setTwoFactorFlag } from '../user';
import { newNonce, newRecoveryCodes, nonceHash, recoveryCodeHash, type SecretBox } from './two-factor-crypto';
import {
  authorizeSession,
  checkTwoFactorCode,
  lockedError,
  notEnabledError,
  wrongCodeError,
  type CodeCheck,
} from './two-factor-store';
import { matchingStep, newTotpSecret, otpauthUri } from './two-factor-totp';

export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

/** A new secret to scan, sealed in a pending enrollment; only the newest QR can be confirmed. */
export async function startEnrollment(
  app: FastifyInstance,
  box: SecretBox,
  auth: AuthContext,
): Promise<TwoFactorSetup> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const secret = newTotpSecret();
  const nonce = newNonce();
  const expiresAt = new Date(now + TWO_FACTOR.enrollmentMinutes * 60_000);
  await db.delete(twoFactorEnrollments).where(eq(twoFactorEnrollments.userId, auth.userId));
  await db.insert(twoFactorEnrollments).values({
    userId: auth.userId,
    secretEncrypted: box.seal(secret, auth.userId),
    nonceHash: nonceHash(nonce),
    expiresAt,
    createdAt: new Date(now),
  });
  const uri = otpauthUri(secret, auth.email);
  // qrcode is loaded here, on first use, not at every start.
  const QRCode = (await import('qrcode')).default;
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { qrCode, nonce, secret, otpauthUri: uri, expiresAt: expiresAt.toISOString() };
}

/**
 * Confirms the enrollment `nonce` names with a code from its secret: stores the credential and
 * fresh recovery codes, turns two-factor on and lets this session past the gate. Answers the
 * recovery codes (the only time they are shown).
 */
export async function enableTwoFactor(
  app: FastifyInstance,
  box: SecretBox,
  auth: AuthContext,
  input: { inputCode: string; nonce: string },
): Promise<string[]> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const [pending] = await db
    .select()
    .from(twoFactorEnrollments)
    .where(
      and(
        eq(twoFactorEnrollments.nonceHash, nonceHash(input.nonce)),
        eq(twoFactorEnrollments.userId, auth.userId),
        gt(twoFactorEnrollments.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  const secret = pending ? box.open(pending.secretEncrypted, auth.userId) : null;
  if (!pending || !secret) throw badRequest(MESSAGES.twoFactorSetupExpired, { nonce: MESSAGES.twoFactorSetupExpired });
  // No attempt limit here: whoever holds this nonce was just shown the secret itself.
  const step = matchingStep(secret, input.inputCode, now);
  if (step === null) throw wrongCodeError();

  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    // Spend the nonce first; a racing second enable finds it gone.
    const spent = await tx
      .delete(twoFactorEnrollments)
      .where(eq(twoFactorEnrollments.id, pending.id))
      .returning({ id: twoFactorEnrollments.id });
    if (spent.length === 0) throw badRequest(MESSAGES.twoFactorSetupExpired);
    await tx.delete(twoFactorEnrollments).where(eq(twoFactorEnrollments.userId, auth.userId));
    await tx
      .insert(twoFactorCredentials)
      .values({
        userId: auth.userId,
        secretEncrypted: pending.secretEncrypted,
        // The confirming code cannot be replayed on authorize.
        lastUsedStep: step,
        enabledAt: new Date(now),
      })
      .onConflictDoNothing();
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, auth.userId));
    await tx.insert(twoFactorRecoveryCodes).values(
      recoveryCodes.map((code) => ({
        userId: auth.userId,
        codeHash: recoveryCodeHash(auth.userId, code),
        createdAt: new Date(now),
      })),
    );
    await setTwoFactorFlag(tx, auth.userId, true, now);
    // This session just proved the second factor; the user's other sessions have not.
    await authorizeSession(tx, auth.sessionId, auth.userId, now);
  });
  return recoveryCodes;
}

/** Turns two-factor off and forgets everything it stored for the user. */
export async function disableTwoFactor(db: Db, userId: string, now: number) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactorEnrollments).where(eq(twoFactorEnrollments.userId, userId));
    await tx.delete(twoFactorSessions).where(eq(twoFactorSessions.userId, userId));
    await setTwoFactorFlag(tx, userId, false, now);
  });
}

/**
 * Checks a code of a user with two-factor on; logs and answers 400 (wrong) or 429 (locked) when
 * it does not pass. A call refused because a lock is already in force is not logged again: the
 * lock was.
 */
export async function verifyCodeOrThrow(
  app: FastifyInstance,
  box: SecretBox,
  request: FastifyRequest,
  auth: AuthContext,
  inputCode: string,
): Promise<Extract<CodeCheck, { ok: true }>> {
  const { db } = app.ctx.database;
  if (!(await isTwoFactorEnabled(db, auth.userId))) throw notEnabledError();
  const now = app.ctx.now();
  const check = await checkTwoFactorCode(app, box, auth.userId, inputCode);
  if (check.ok) return check;
  await logAccess(db, request, {
    event: check.locked ? 'two_factor_locked' : 'two_factor_failed',
    userId: auth.userId,
    email: auth.email,
    success: false,
  });
  if (check.locked) throw lockedError(now + TWO_FACTOR.lockMinutes * 60_000, now);
  throw wrongCodeError();
}
