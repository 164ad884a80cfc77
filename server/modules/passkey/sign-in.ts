/**
 * Signing in with a passkey: assertion options (for one account's passkeys, or any passkey on
 * this site for autofill), then checking the signed assertion. Every failure answers 401 with
 * one message per cause family and is logged on the account it named, if any.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { AuthenticationResponseJSON, AuthenticatorTransport } from '@simplewebauthn/server';
import { MESSAGES } from '../../../src/domain/messages';
import { PASSKEY_LIMITS, type assertionSchema } from '../../../src/domain/schemas/passkey';
import { passkeys, users } from '../../db/schema';
import { HttpError, unauthorized } from '../../http/errors';
import { logAccess } from '../user';
import { webauthn } from './webauthn';
import { challengeOf, consumeChallenge, storeChallenge } from './challenges';
import { originsFor, relyingParty } from './relying-party';
import { userIdOfHandle } from './passkey-rows';

export type AssertionInput = z.output<typeof assertionSchema>;

/**
 * Options for a passkey sign-in. With an email that has passkeys here, they are listed and the
 * account id is bound to the challenge; an account without passkeys gets the discoverable
 * options, as an unknown email does.
 */
export async function assertionOptions(app: FastifyInstance, request: FastifyRequest, email: string | undefined) {
  const { db } = app.ctx.database;
  const rp = relyingParty(app, request);
  let userId: string | null = null;
  let allowCredentials: { id: string; transports: AuthenticatorTransport[] }[] | undefined;
  if (email) {
    const rows = await db
      .select({ userId: users.id, credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(and(eq(users.email, email), eq(passkeys.rpId, rp.rpId)));
    if (rows.length) {
      userId = rows[0]!.userId;
      allowCredentials = rows.map((r) => ({
        id: r.credentialId,
        transports: r.transports as AuthenticatorTransport[],
      }));
    }
  }
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: rp.rpId,
    allowCredentials,
    userVerification: 'required',
    timeout: PASSKEY_LIMITS.challengeTtlMs,
  });
  await storeChallenge(app, { challenge: options.challenge, purpose: 'authentication', userId, rpId: rp.rpId });
  return { assertionOptions: options, userId };
}

/**
 * Checks a signed assertion and answers the account it signs in, under the rules a password
 * sign-in follows (an inactive account is refused with 403). Throws 401 for any bad assertion.
 */
export async function verifyAssertion(app: FastifyInstance, request: FastifyRequest, input: AssertionInput) {
  const { db } = app.ctx.database;
  const response: AuthenticationResponseJSON = input.assertionRawResponse;

  /** A failed passkey sign-in: logged on the account it named (if any), one message for every cause. */
  async function refuse(userId: string | null, message: string = MESSAGES.passkeyVerificationFailed) {
    await logAccess(db, request, { event: 'passkey', userId, success: false });
    return unauthorized(message);
  }

  const issued = await consumeChallenge(app, challengeOf(response.response.clientDataJSON), 'authentication');
  if (!issued) throw await refuse(null, MESSAGES.passkeyChallengeInvalid);

  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!passkey) throw await refuse(null, MESSAGES.passkeyNotRecognized);
  // The account named by the options or the body, and the one the authenticator names, must all be this passkey's.
  const handleUser = response.response.userHandle ? userIdOfHandle(response.response.userHandle) : null;
  const named = [issued.userId, input.userId ?? null, handleUser].filter((v): v is string => !!v);
  if (named.some((id) => id !== passkey.userId) || passkey.rpId !== issued.rpId) {
    throw await refuse(passkey.userId);
  }

  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: issued.challenge,
      expectedOrigin: originsFor(app, request, passkey.rpId),
      expectedRPID: passkey.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
  } catch (err) {
    // Wrong signature, origin or RP ID, or a counter that did not move forward (a cloned key).
    request.log.info({ err }, 'passkey assertion refused');
    throw await refuse(passkey.userId);
  }
  if (!verification.verified) throw await refuse(passkey.userId);

  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // Compare-and-set, so two assertions racing with the same counter cannot both pass.
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date(app.ctx.now()) })
    .where(
      and(eq(passkeys.id, passkey.id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)),
    )
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw await refuse(passkey.userId);

  const [user] = await db
    .select({ id: users.id, role: users.role, status: users.status, email: users.email })
    .from(users)
    .where(eq(users.id, passkey.userId))
    .limit(1);
  if (!user) throw await refuse(null, MESSAGES.passkeyNotRecognized);
  if (user.status !== 'active') {
    await logAccess(db, request, { event: 'passkey', userId: user.id, email: user.email, success: false });
    throw new HttpError(403, MESSAGES.accountDisabled);
  }
  return user;
}
