/**
 * Adding a passkey to a signed-in account: options (a fresh server-side challenge, the caller's
 * existing passkeys excluded) and verify (attestation 'none': we trust the key, not the device
 * maker, which is what passkeys are for).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { MESSAGES } from '../../../src/domain/messages';
import { PASSKEY_LIMITS, type registerPasskeySchema } from '../../../src/domain/schemas/passkey';
import { displayName } from '../../../src/domain/user';
import type { Role } from '../../../src/domain/roles';
import type { PasskeySummary } from '../../../src/domain/schemas/passkey';
import type { AuthContext } from '../../context';
import { passkeys, users } from '../../db/schema';
import { HttpError, conflict } from '../../http/errors';
import { logAccess } from '../user';
import { webauthn } from './webauthn';
import { challengeOf, consumeChallenge, storeChallenge } from './challenges';
import { originsFor, relyingParty } from './relying-party';
import { toSummary, userHandleOf } from './passkey-rows';

export type RegisterPasskeyInput = z.output<typeof registerPasskeySchema>;

/** Options to create a passkey for the caller; 409 when the account has as many as it may. */
export async function registrationOptions(app: FastifyInstance, request: FastifyRequest, userId: string) {
  const { db } = app.ctx.database;
  const rp = relyingParty(app, request);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const mine = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (mine.length >= PASSKEY_LIMITS.maxPerUser) throw conflict(MESSAGES.passkeyLimitReached);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: user!.email,
    userDisplayName: displayName({ ...user!, roleName: user!.role as Role }) || user!.email,
    userID: userHandleOf(userId),
    attestationType: 'none',
    excludeCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
    // Discoverable, so the login page can offer it in autofill without an email first;
    // user verification, because a passkey replaces the password rather than adding to it.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: PASSKEY_LIMITS.challengeTtlMs,
  });
  await storeChallenge(app, { challenge: options.challenge, purpose: 'registration', userId, rpId: rp.rpId });
  return options;
}

/** Verifies the browser's new credential against the caller's challenge and stores it. */
export async function registerPasskey(
  app: FastifyInstance,
  request: FastifyRequest,
  auth: AuthContext,
  input: RegisterPasskeyInput,
): Promise<PasskeySummary> {
  const { db } = app.ctx.database;
  // Checked for shape by registerPasskeySchema; the cryptography is the library's.
  const response: RegistrationResponseJSON = input.registrationRawResponse;
  const issued = await consumeChallenge(app, challengeOf(response.response.clientDataJSON), 'registration');
  // Another user's challenge is as good as none: it was not issued to this session's user.
  if (!issued || issued.userId !== auth.userId) throw new HttpError(400, MESSAGES.passkeyChallengeInvalid);

  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: issued.challenge,
      expectedOrigin: originsFor(app, request, issued.rpId),
      expectedRPID: issued.rpId,
      requireUserVerification: true,
    });
  } catch (err) {
    request.log.info({ err }, 'passkey registration refused');
    throw new HttpError(400, MESSAGES.passkeyVerificationFailed);
  }
  if (!verification.verified) throw new HttpError(400, MESSAGES.passkeyVerificationFailed);
  const info = verification.registrationInfo;

  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, auth.userId));
  if (n >= PASSKEY_LIMITS.maxPerUser) throw conflict(MESSAGES.passkeyLimitReached);
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: auth.userId,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (response.response.transports ?? []).slice(0, 8),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      aaguid: info.aaguid,
      rpId: issued.rpId,
      name: input.name ?? 'Passkey',
      createdAt: new Date(app.ctx.now()),
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw conflict(MESSAGES.passkeyAlreadyRegistered);
  await logAccess(db, request, { event: 'passkey_added', userId: auth.userId, email: auth.email });
  return toSummary(row);
}
