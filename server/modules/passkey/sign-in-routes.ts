/**
 * Signing in with a passkey (spec section 7, Auth): assertion options, then the signed
 * assertion, which opens the same session a password login does (tokens in the response
 * headers, userData in the body) under the same rules (an inactive account is refused).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import type { AuthenticationResponseJSON, AuthenticatorTransport } from '@simplewebauthn/server';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { PASSKEY_LIMITS, assertionOptionsSchema, assertionSchema } from '../../../src/domain/schemas/passkey';
import { passkeys, users } from '../../db/schema';
import { HttpError, unauthorized } from '../../http/errors';
import { logAccess } from '../user/access-log';
import { perIpLimit } from '../user/rate-limits';
import { openSession, setTokenHeaders } from '../user/sessions';
import { loadUserData } from '../user/user-data';
import { webauthn } from './webauthn';
import { challengeOf, consumeChallenge, storeChallenge } from './challenges';
import { originsFor, relyingParty } from './relying-party';
import { userIdOfHandle } from './passkey-rows';

type AssertionBody = { assertionRawResponse: AuthenticationResponseJSON; userId?: string | null };

export default async function signInRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const tags = ['Auth'];

  /** A failed passkey sign-in: logged on the account it named (if any), one message for every cause. */
  async function refuse(
    request: FastifyRequest,
    userId: string | null,
    message: string = MESSAGES.passkeyVerificationFailed,
  ) {
    await logAccess(db, request, { event: 'passkey', userId, success: false });
    return unauthorized(message);
  }

  app.post(
    API.passkeyAssertionOptions,
    {
      schema: {
        tags,
        summary: 'Options to sign in with a passkey; with no email, for any passkey on this site (autofill)',
        body: assertionOptionsSchema,
      },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request) => {
      const { email } = (request.body ?? {}) as { email?: string };
      const rp = relyingParty(app, request);
      let userId: string | null = null;
      let allowCredentials: { id: string; transports: AuthenticatorTransport[] }[] | undefined;
      if (email) {
        const rows = await db
          .select({ userId: users.id, credentialId: passkeys.credentialId, transports: passkeys.transports })
          .from(passkeys)
          .innerJoin(users, eq(users.id, passkeys.userId))
          .where(and(eq(users.email, email), eq(passkeys.rpId, rp.rpId)));
        // An account without passkeys gets the discoverable options, as an unknown email does.
        if (rows.length) {
          userId = rows[0]!.userId;
          allowCredentials = rows.map((r) => ({
            id: r.credentialId,
            transports: r.transports as AuthenticatorTransport[],
          }));
        }
      }
      const assertionOptions = await (
        await webauthn()
      ).generateAuthenticationOptions({
        rpID: rp.rpId,
        allowCredentials,
        userVerification: 'required',
        timeout: PASSKEY_LIMITS.challengeTtlMs,
      });
      await storeChallenge(app, {
        challenge: assertionOptions.challenge,
        purpose: 'authentication',
        userId,
        rpId: rp.rpId,
      });
      return { result: { assertionOptions, userId } };
    },
  );

  app.post(
    API.passkeyAssertion,
    {
      schema: {
        tags,
        summary: 'Sign in with a signed passkey assertion; answers like /api/user/login',
        body: assertionSchema,
      },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request, res) => {
      const { assertionRawResponse: response, userId: claimedUserId } = request.body as AssertionBody;
      const issued = await consumeChallenge(app, challengeOf(response.response.clientDataJSON), 'authentication');
      if (!issued) throw await refuse(request, null, MESSAGES.passkeyChallengeInvalid);

      const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
      if (!passkey) throw await refuse(request, null, MESSAGES.passkeyNotRecognized);
      // The account named by the options or the body, and the one the authenticator names, must all be this passkey's.
      const handleUser = response.response.userHandle ? userIdOfHandle(response.response.userHandle) : null;
      const named = [issued.userId, claimedUserId ?? null, handleUser].filter((v): v is string => !!v);
      if (named.some((id) => id !== passkey.userId) || passkey.rpId !== issued.rpId) {
        throw await refuse(request, passkey.userId);
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
        throw await refuse(request, passkey.userId);
      }
      if (!verification.verified) throw await refuse(request, passkey.userId);

      const { newCounter, credentialBackedUp } = verification.authenticationInfo;
      // Compare-and-set, so two assertions racing with the same counter cannot both pass.
      const moved = await db
        .update(passkeys)
        .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date(app.ctx.now()) })
        .where(
          and(
            eq(passkeys.id, passkey.id),
            newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
          ),
        )
        .returning({ id: passkeys.id });
      if (moved.length === 0) throw await refuse(request, passkey.userId);

      const [user] = await db
        .select({ id: users.id, role: users.role, status: users.status, email: users.email })
        .from(users)
        .where(eq(users.id, passkey.userId))
        .limit(1);
      if (!user) throw await refuse(request, null, MESSAGES.passkeyNotRecognized);
      if (user.status !== 'active') {
        await logAccess(db, request, { event: 'passkey', userId: user.id, email: user.email, success: false });
        throw new HttpError(403, MESSAGES.accountDisabled);
      }
      const tokens = await openSession(app, request, user);
      await logAccess(db, request, { event: 'passkey', userId: user.id, email: user.email });
      setTokenHeaders(res, tokens);
      return { result: await loadUserData(db, user.id, app.ctx.now()) };
    },
  );
}
