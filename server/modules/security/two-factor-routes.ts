/**
 * Two-factor authentication (the product brief, sections 2, 4 and 7: screens, states, and the calls it makes): GET two-factor shows a new
 * secret as a QR with a nonce; enable-two-factor confirms it with a code and answers the
 * recovery codes (shown once); authorize-two-factor lets this session past the server-side
 * two-factor gate (server/auth/access.ts); disable-two-factor turns it off. Codes arrive in the
 * query string (as the product brief, section 7, lists them) or, equally, in a JSON body. The work is in
 * two-factor-service.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { fieldErrors } from '../../../src/domain/schemas/common';
import {
  authorizeTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
} from '../../../src/domain/schemas/two-factor';
import { caller } from '../../auth/access';
import { conflict, ValidationError } from '../../http/errors';
import { errorResponses, ok, okEmpty, timestamp, conflictResponse, tooManyResponse } from '../../http/response';
import { logAccess, perIpLimit } from '../user';
import { createSecretBox } from './two-factor-crypto';
import { authorizeSession, unusedRecoveryCodes } from './two-factor-store';
import {
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorEnabled,
  startEnrollment,
  verifyCodeOrThrow,
} from './two-factor-service';

/** For /docs only: the real rules are the shared schemas, applied to query and body merged. */
const docFields = {
  inputCode: z.string().optional().describe('6-digit code from the app (or a recovery code, except on enable)'),
  nonce: z.string().optional().describe('enable only: the nonce GET two-factor answered'),
};
const enableDoc = z.object(docFields);
const codeDoc = z.object({ inputCode: docFields.inputCode });

const setupSchema = z.object({
  qrCode: z.string().describe('PNG data URL of the otpauth:// URI'),
  nonce: z.string().describe('Echoed back on enable'),
  secret: z.string().describe('The base32 secret, for typing into an app by hand'),
  otpauthUri: z.string(),
  expiresAt: timestamp,
});
const enabledSchema = z.object({
  enabled: z.literal(true),
  recoveryCodes: z.array(z.string()).describe('Shown this once and never again'),
});
const authorizedSchema = z.object({
  authorized: z.literal(true),
  usedRecoveryCode: z.boolean(),
  recoveryCodesLeft: z.number(),
});

/** Query string first (as the product brief, section 7, lists them), else the JSON body; then the shared rule. */
function readInput<S extends $ZodType>(request: FastifyRequest, schema: S): output<S> {
  const pick = (source: unknown) =>
    source && typeof source === 'object'
      ? Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
      : {};
  const parsed = safeParse(schema, { ...pick(request.body), ...pick(request.query) });
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  return parsed.data;
}

const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const box = await createSecretBox(app);
  const tags = ['Two-factor'];
  const limited = perIpLimit(app);
  const refusals = { ...errorResponses, ...conflictResponse, ...tooManyResponse };

  app.get(
    API.twoFactor,
    {
      schema: {
        tags,
        summary: 'A new secret to scan: QR (PNG data URL), nonce and the secret for typing in',
        response: { 200: ok(setupSchema), ...refusals },
      },
      config: { access: { roles: 'any' } },
    },
    async (request, res) => {
      const auth = caller(request);
      if (await isTwoFactorEnabled(db, auth.userId)) throw conflict(MESSAGES.twoFactorAlreadyEnabled);
      const setup = await startEnrollment(app, box, auth);
      res.header('cache-control', 'no-store');
      return { result: setup };
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
        response: { 200: ok(enabledSchema), ...refusals },
      },
      config: { access: { roles: 'any' }, ...limited },
    },
    async (request, res) => {
      const auth = caller(request);
      const input = readInput(request, enableTwoFactorSchema);
      if (await isTwoFactorEnabled(db, auth.userId)) throw conflict(MESSAGES.twoFactorAlreadyEnabled);
      const recoveryCodes = await enableTwoFactor(app, box, auth, input);
      await logAccess(db, request, { event: 'two_factor_enabled', userId: auth.userId, email: auth.email });
      res.header('cache-control', 'no-store');
      return { result: { enabled: true as const, recoveryCodes } };
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
        response: { 200: ok(authorizedSchema), ...refusals },
      },
      // The one call, with logout and me, that a session still waiting for two-factor may make.
      config: { access: { roles: 'any' }, allowBeforeTwoFactor: true, ...limited },
    },
    async (request) => {
      const auth = caller(request);
      const { inputCode } = readInput(request, authorizeTwoFactorSchema);
      const check = await verifyCodeOrThrow(app, box, request, auth, inputCode);
      await authorizeSession(db, auth.sessionId, auth.userId, app.ctx.now());
      await logAccess(db, request, {
        event: check.usedRecoveryCode ? 'two_factor_recovery_code_used' : 'two_factor_authorized',
        userId: auth.userId,
        email: auth.email,
      });
      return {
        result: {
          authorized: true as const,
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
        response: { 200: okEmpty, ...refusals },
      },
      // Not before two-factor: a session still at /verify authorises first (a recovery code
      // does that when the phone is lost), then turns it off from the profile.
      config: { access: { roles: 'any' }, ...limited },
    },
    async (request) => {
      const auth = caller(request);
      const { inputCode } = readInput(request, disableTwoFactorSchema);
      const check = await verifyCodeOrThrow(app, box, request, auth, inputCode);
      await disableTwoFactor(db, auth.userId, app.ctx.now());
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
};
export default twoFactorRoutes;
