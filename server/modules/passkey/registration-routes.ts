/**
 * Adding a passkey from the signed-in profile: options (a fresh server-side challenge, the
 * caller's existing passkeys excluded) and verify (attestation 'none': we trust the key, not
 * the device maker, which is what passkeys are for).
 */
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { PASSKEY_LIMITS, registerPasskeySchema } from '../../../src/domain/schemas/passkey';
import { displayName } from '../../../src/domain/user';
import type { Role } from '../../../src/domain/roles';
import { passkeys, users } from '../../db/schema';
import { caller } from '../../auth/access';
import { HttpError, conflict } from '../../http/errors';
import { logAccess } from '../user/access-log';
import { webauthn } from './webauthn';
import { challengeOf, consumeChallenge, storeChallenge } from './challenges';
import { originsFor, relyingParty } from './relying-party';
import { toSummary, userHandleOf } from './passkey-rows';

type RegisterBody = { registrationRawResponse: RegistrationResponseJSON; name?: string };

export default async function registrationRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const tags = ['Passkeys'];

  app.post(
    API.passkeyRegistrationOptions,
    {
      schema: { tags, summary: 'Options to create a passkey for my account (challenge valid 5 minutes, once)' },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const auth = caller(request);
      const rp = relyingParty(app, request);
      const [user] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
      const mine = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, auth.userId));
      if (mine.length >= PASSKEY_LIMITS.maxPerUser) throw conflict(MESSAGES.passkeyLimitReached);
      const options = await (
        await webauthn()
      ).generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpId,
        userName: user!.email,
        userDisplayName: displayName({ ...user!, roleName: user!.role as Role }) || user!.email,
        userID: userHandleOf(auth.userId),
        attestationType: 'none',
        excludeCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
        // Discoverable, so the login page can offer it in autofill without an email first;
        // user verification, because a passkey replaces the password rather than adding to it.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: PASSKEY_LIMITS.challengeTtlMs,
      });
      await storeChallenge(app, {
        challenge: options.challenge,
        purpose: 'registration',
        userId: auth.userId,
        rpId: rp.rpId,
      });
      return { result: options };
    },
  );

  app.post(
    API.passkeyRegistration,
    {
      schema: { tags, summary: 'Verify and store a new passkey for my account', body: registerPasskeySchema },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const auth = caller(request);
      const { registrationRawResponse: response, name } = request.body as RegisterBody;
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
          name: name ?? 'Passkey',
          createdAt: new Date(app.ctx.now()),
        })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      if (!row) throw conflict(MESSAGES.passkeyAlreadyRegistered);
      await logAccess(db, request, { event: 'passkey_added', userId: auth.userId, email: auth.email });
      return { result: toSummary(row) };
    },
  );
}
