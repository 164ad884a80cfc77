/**
 * Checking a code of a user who has two-factor on: the brute-force counter, the TOTP replay
 * guard and one-time recovery codes. Shared by authorize-two-factor and disable-two-factor.
 */
import type { FastifyInstance } from 'fastify';
import { and, count, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { isTotpCode, TWO_FACTOR } from '../../../src/domain/schemas/two-factor';
import type { Db } from '../../db/client';
import { twoFactorCredentials, twoFactorRecoveryCodes, twoFactorSessions } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import type { Writer } from '../user';
import { recoveryCodeHash, type SecretBox } from './two-factor-crypto';
import { matchingStep } from './two-factor-totp';

export type CodeCheck = { ok: true; usedRecoveryCode: boolean } | { ok: false; locked: boolean };

const lockMs = TWO_FACTOR.lockMinutes * 60_000;

/** 429 with Retry-After, and the message the /verify alert shows. */
export function lockedError(lockedUntil: number, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((lockedUntil - now) / 1000));
  return new HttpError(429, MESSAGES.twoFactorLocked, {}, { 'retry-after': String(seconds) });
}

export const wrongCodeError = () => badRequest(MESSAGES.codeInvalid, { inputCode: MESSAGES.codeInvalid });
export const notEnabledError = () => badRequest(MESSAGES.twoFactorNotEnabled);

/**
 * Checks `code` (six digits from the app, or a recovery code) for a user with two-factor on.
 * The attempt is counted before the code is looked at, in one UPDATE, so parallel guesses
 * cannot slip past the limit; a success resets the count. Throws 429 while locked, and 400
 * when two-factor is not on.
 */
export async function checkTwoFactorCode(
  app: FastifyInstance,
  box: SecretBox,
  userId: string,
  code: string,
): Promise<CodeCheck> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const [attempt] = await db
    .update(twoFactorCredentials)
    .set({ failedAttempts: sql`${twoFactorCredentials.failedAttempts} + 1` })
    .where(
      and(
        eq(twoFactorCredentials.userId, userId),
        or(isNull(twoFactorCredentials.lockedUntil), lte(twoFactorCredentials.lockedUntil, new Date(now))),
      ),
    )
    .returning();
  if (!attempt) {
    const [row] = await db
      .select({ lockedUntil: twoFactorCredentials.lockedUntil })
      .from(twoFactorCredentials)
      .where(eq(twoFactorCredentials.userId, userId));
    if (!row) throw notEnabledError();
    throw lockedError(row.lockedUntil?.getTime() ?? now + lockMs, now);
  }
  // Attempts beyond the limit that were already in flight when it was reached.
  if (attempt.failedAttempts > TWO_FACTOR.maxFailedAttempts) return { ok: false, locked: true };

  const usedRecoveryCode = !isTotpCode(code);
  const ok = usedRecoveryCode
    ? await spendRecoveryCode(db, userId, code, now)
    : await acceptTotp(db, box, attempt, code, now);
  if (ok) {
    await db.update(twoFactorCredentials).set({ failedAttempts: 0 }).where(eq(twoFactorCredentials.userId, userId));
    return { ok: true, usedRecoveryCode };
  }
  if (attempt.failedAttempts >= TWO_FACTOR.maxFailedAttempts) {
    await db
      .update(twoFactorCredentials)
      .set({ failedAttempts: 0, lockedUntil: new Date(now + lockMs) })
      .where(eq(twoFactorCredentials.userId, userId));
    return { ok: false, locked: true };
  }
  return { ok: false, locked: false };
}

/** A TOTP code is accepted once: its step must be newer than the last accepted one. */
async function acceptTotp(
  db: Db,
  box: SecretBox,
  credential: typeof twoFactorCredentials.$inferSelect,
  code: string,
  now: number,
): Promise<boolean> {
  const secret = box.open(credential.secretEncrypted, credential.userId);
  if (!secret) return false;
  const step = matchingStep(secret, code, now);
  if (step === null) return false;
  // Conditional on the stored step, so two requests racing with one code cannot both win.
  const moved = await db
    .update(twoFactorCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorCredentials.userId, credential.userId),
        or(isNull(twoFactorCredentials.lastUsedStep), sql`${twoFactorCredentials.lastUsedStep} < ${step}`),
      ),
    )
    .returning({ userId: twoFactorCredentials.userId });
  return moved.length > 0;
}

async function spendRecoveryCode(db: Db, userId: string, code: string, now: number): Promise<boolean> {
  const spent = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(userId, code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent.length > 0;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Marks a session as having passed two-factor (kept across refreshes: same session). */
export async function authorizeSession(db: Writer, sessionId: string, userId: string, now: number) {
  await db
    .insert(twoFactorSessions)
    .values({ sessionId, userId, authorizedAt: new Date(now) })
    .onConflictDoUpdate({ target: twoFactorSessions.sessionId, set: { authorizedAt: new Date(now) } });
}
