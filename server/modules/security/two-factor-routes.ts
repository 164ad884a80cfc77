/**
 * Two-factor authentication (spec sections 2, 4 and 7): GET two-factor shows a new secret as a
 * QR with a nonce; enable-two-factor confirms it with a code and answers the recovery codes
 * (shown once); authorize-two-factor lets this session past the server-side two-factor gate
 * (server/auth/access.ts); disable-two-factor turns it off. Codes arrive in the query string
 * (spec section 7) or, equally, in a JSON body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { and, eq, gt } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { fieldErrors } from '../../../src/domain/schemas/common';
import {
  authorizeTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  TWO_FACTOR,
  type TwoFactorAuthorized,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '../../../src/domain/schemas/two-factor';
import {
  twoFactorCredentials,
  twoFactorEnrollments,
  twoFactorRecoveryCodes,
  twoFactorSessions,
  users,
} from '../../db/schema';
import type { Db } from '../../db/client';
import { caller } from '../../auth/access';
import { badRequest, conflict, ValidationError } from '../../http/errors';
import { logAccess } from '../user/access-log';
import { perIpLimit } from '../user/rate-limits';
import { createSecretBox, newNonce, newRecoveryCodes, nonceHash, recoveryCodeHash } from './two-factor-crypto';
import {
  authorizeSession,
  checkTwoFactorCode,
  lockedError,
  notEnabledError,
  unusedRecoveryCodes,
  wrongCodeError,
} from './two-factor-store';
import { matchingStep, newTotpSecret, otpauthUri } from './two-factor-totp';

/** For /docs only: the real rules are the shared schemas, applied to query and body merged. */
const docFields = {
  inputCode: z.string().optional().describe('6-digit code from the app (or a recovery code, except on enable)'),
  nonce: z.string().optional().describe('enable only: the nonce GET two-factor answered'),
};
const enableDoc = z.object(docFields);
const codeDoc = z.object({ inputCode: docFields.inputCode });

/** Query string first (spec section 7), else the JSON body; then the shared rule. */
function readInput<S extends $ZodType>(request: FastifyRequest, schema: S): output<S> {
  const pick = (source: unknown) =>
    source && typeof source === 'object'
      ? Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
      : {};
  const parsed = safeParse(schema, { ...pick(request.body), ...pick(request.query) });
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  return parsed.data;
}

async function isEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

export default async function twoFactorRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const box = await createSecretBox(app);
  const tags = ['Two-factor'];
  const limited = perIpLimit(app);

  app.get(
    API.twoFactor,
    {
      schema: { tags, summary: 'A new secret to scan: QR (PNG data URL), nonce and the secret for typing in' },
      config: { access: { roles: 'any' } },
    },
    async (request, res): Promise<{ result: TwoFactorSetup }> => {
      const auth = caller(request);
      if (await isEnabled(db, auth.userId)) throw conflict(MESSAGES.twoFactorAlreadyEnabled);
      const now = app.ctx.now();
      const secret = newTotpSecret();
      const nonce = newNonce();
      const expiresAt = new Date(now + TWO_FACTOR.enrollmentMinutes * 60_000);
      // Only the newest QR can be confirmed.
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
      res.header('cache-control', 'no-store');
      return { result: { qrCode, nonce, secret, otpauthUri: uri, expiresAt: expiresAt.toISOString() } };
    },
  );

  app.post(
    API.enableTwoFactor,
    {
      schema: {
        tags,
        summary: 'Confirm the scanned secret with a code; answers the recovery codes (shown once)',
        querystring: enableDoc,
        body: enableDoc,
      },
      config: { access: { roles: 'any' }, ...limited },
    },
    async (request, res): Promise<{ result: TwoFactorEnabled }> => {
      const auth = caller(request);
      const { inputCode, nonce } = readInput(request, enableTwoFactorSchema);
      const now = app.ctx.now();
      if (await isEnabled(db, auth.userId)) throw conflict(MESSAGES.twoFactorAlreadyEnabled);
      const [pending] = await db
        .select()
        .from(twoFactorEnrollments)
        .where(
          and(
            eq(twoFactorEnrollments.nonceHash, nonceHash(nonce)),
            eq(twoFactorEnrollments.userId, auth.userId),
            gt(twoFactorEnrollments.expiresAt, new Date(now)),
          ),
        )
        .limit(1);
      const secret = pending ? box.open(pending.secretEncrypted, auth.userId) : null;
      if (!pending || !secret)
        throw badRequest(MESSAGES.twoFactorSetupExpired, { nonce: MESSAGES.twoFactorSetupExpired });
      // No attempt limit here: whoever holds this nonce was just shown the secret itself.
      const step = matchingStep(secret, inputCode, now);
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
        await tx
          .update(users)
          .set({ twoFactorEnabled: true, updatedAt: new Date(now) })
          .where(eq(users.id, auth.userId));
        // This session just proved the second factor; the user's other sessions have not.
        await authorizeSession(tx as unknown as Db, auth.sessionId, auth.userId, now);
      });
      await logAccess(db, request, { event: 'two_factor_enabled', userId: auth.userId, email: auth.email });
      res.header('cache-control', 'no-store');
      return { result: { enabled: true, recoveryCodes } };
    },
  );

  app.post(
    API.authorizeTwoFactor,
    {
      schema: {
        tags,
        summary: 'Pass two-factor for this session with a code from the app or a recovery code',
        querystring: codeDoc,
        body: codeDoc,
      },
      // The one call, with logout and me, that a session still waiting for two-factor may make.
      config: { access: { roles: 'any' }, allowBeforeTwoFactor: true, ...limited },
    },
    async (request): Promise<{ result: TwoFactorAuthorized }> => {
      const auth = caller(request);
      const { inputCode } = readInput(request, authorizeTwoFactorSchema);
      const check = await verifyOrThrow(request, inputCode);
      await authorizeSession(db, auth.sessionId, auth.userId, app.ctx.now());
      await logAccess(db, request, {
        event: check.usedRecoveryCode ? 'two_factor_recovery_code_used' : 'two_factor_authorized',
        userId: auth.userId,
        email: auth.email,
      });
      return {
        result: {
          authorized: true,
          usedRecoveryCode: check.usedRecoveryCode,
          recoveryCodesLeft: await unusedRecoveryCodes(db, auth.userId),
        },
      };
    },
  );

  app.post(
    API.disableTwoFactor,
    {
      schema: {
        tags,
        summary: 'Turn two-factor off; needs a current code (or a recovery code)',
        querystring: codeDoc,
        body: codeDoc,
      },
      // Not before two-factor: a session still at /verify authorises first (a recovery code
      // does that when the phone is lost), then turns it off from the profile.
      config: { access: { roles: 'any' }, ...limited },
    },
    async (request): Promise<{ result: true }> => {
      const auth = caller(request);
      const { inputCode } = readInput(request, disableTwoFactorSchema);
      const check = await verifyOrThrow(request, inputCode);
      const now = app.ctx.now();
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, auth.userId));
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, auth.userId));
        await tx.delete(twoFactorEnrollments).where(eq(twoFactorEnrollments.userId, auth.userId));
        await tx.delete(twoFactorSessions).where(eq(twoFactorSessions.userId, auth.userId));
        await tx
          .update(users)
          .set({ twoFactorEnabled: false, updatedAt: new Date(now) })
          .where(eq(users.id, auth.userId));
      });
      if (check.usedRecoveryCode) {
        await logAccess(db, request, {
          event: 'two_factor_recovery_code_used',
          userId: auth.userId,
          email: auth.email,
        });
      }
      await logAccess(db, request, { event: 'two_factor_disabled', userId: auth.userId, email: auth.email });
      return { result: true };
    },
  );

  /**
   * Checks a code; logs and answers 400 (wrong) or 429 (locked) when it does not pass. A call
   * refused because a lock is already in force is not logged again: the lock was.
   */
  async function verifyOrThrow(request: FastifyRequest, inputCode: string) {
    const auth = caller(request);
    if (!(await isEnabled(db, auth.userId))) throw notEnabledError();
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
}
