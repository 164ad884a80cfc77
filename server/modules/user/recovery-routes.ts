/**
 * Password recovery (the product brief, section 7: the calls it makes, Auth): forgot-password and resend-code mail a code;
 * recovery-change-password checks it, then spends it on a new password. Answers never reveal
 * whether an account exists (the work is in recovery-service.ts).
 */
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { forgotPasswordSchema, recoveryChangePasswordSchema, resendCodeSchema } from '../../../src/domain/schemas/auth';
import { errorResponses, ok, messageResult, tooManyResponse } from '../../http/response';
import { perIpLimit } from './rate-limits';
import { recoverPassword, sendRecoveryCode } from './recovery-service';

const codeSentResponse = { 200: ok(messageResult), ...errorResponses, ...tooManyResponse };
/** Checking the code answers `codeAccepted`; setting the password answers `passwordChanged` and a message. */
const recoveryResult = z.union([
  z.object({ codeAccepted: z.literal(true) }),
  z.object({ passwordChanged: z.literal(true), message: z.string() }),
]);

const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Password recovery'];
  const limits: FastifyContextConfig = { access: 'public', ...perIpLimit(app) };

  app.post(
    API.forgotPassword,
    {
      schema: {
        tags,
        summary: 'Send a 6-digit recovery code by mail',
        body: forgotPasswordSchema,
        response: codeSentResponse,
      },
      config: limits,
    },
    async (request) => {
      await sendRecoveryCode(app, request, request.body.email);
      return { result: { message: MESSAGES.codeSent } };
    },
  );
  app.post(
    API.resendCode,
    {
      schema: { tags, summary: 'Send a fresh recovery code', body: resendCodeSchema, response: codeSentResponse },
      config: limits,
    },
    async (request) => {
      await sendRecoveryCode(app, request, request.body.email);
      return { result: { message: MESSAGES.codeSent } };
    },
  );

  app.post(
    API.recoveryChangePassword,
    {
      schema: {
        tags,
        summary: 'With email and code: check the code. With a password as well: set it and spend the code.',
        body: recoveryChangePasswordSchema,
        response: { 200: ok(recoveryResult), ...errorResponses, ...tooManyResponse },
      },
      config: limits,
    },
    async (request) => {
      const outcome = await recoverPassword(app, request, request.body);
      return outcome === 'codeAccepted'
        ? { result: { codeAccepted: true as const } }
        : { result: { passwordChanged: true as const, message: MESSAGES.passwordChanged } };
    },
  );
};
export default recoveryRoutes;
