/**
 * Changing the sign-in email or the phone number (the product brief, section 7: the calls it makes, Profile): request
 * sends a 6-digit code to the NEW address or number, resend sends a fresh one after a cooldown,
 * verify applies the change. The rules, and why an email of another account is answered like a
 * free one, are in contact-change-service.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import {
  requestChangeEmailSchema,
  requestChangePhoneSchema,
  verifyChangeCodeSchema,
} from '../../../src/domain/schemas/profile';
import { caller } from '../../auth/access';
import { errorResponses, ok, conflictResponse, tooManyResponse } from '../../http/response';
import { perIpLimit } from '../user';
import { requestChange, resendChange, verifyChange, type ContactKind } from './contact-change-service';
import { loadProfile, profileSchema } from './profile-routes';

const refusals = { ...errorResponses, ...conflictResponse, ...tooManyResponse };
const codeSent = {
  200: ok(z.object({ message: z.string(), target: z.string().describe('The new email or number the code went to') })),
  ...refusals,
};
const changed = { 200: ok(z.object({ message: z.string(), user: profileSchema })), ...refusals };

const sentMessage = (kind: ContactKind) =>
  kind === 'email' ? MESSAGES.changeCodeSentEmail : MESSAGES.changeCodeSentPhone;

const contactChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Profile'];
  const limited = { access: { roles: 'any' as const }, ...perIpLimit(app) };

  const codeSentAnswer = (kind: ContactKind, target: string) => ({ result: { message: sentMessage(kind), target } });
  const verify = async (request: FastifyRequest, kind: ContactKind, code: string) => {
    const userId = caller(request).userId;
    await verifyChange(app, request, userId, kind, code);
    return {
      result: {
        message: kind === 'email' ? MESSAGES.emailChanged : MESSAGES.phoneChanged,
        user: await loadProfile(app.ctx.database.db, userId, app.ctx.now()),
      },
    };
  };

  app.post(
    API.requestChangeEmail,
    {
      schema: {
        tags,
        summary:
          'Send a 6-digit code to a new email. An address of another account is answered the same ' +
          '(its owner is told instead, and no code can confirm it)',
        body: requestChangeEmailSchema,
        response: codeSent,
      },
      config: limited,
    },
    async (request) =>
      codeSentAnswer('email', await requestChange(app, caller(request).userId, 'email', request.body.email)),
  );
  app.post(
    API.requestChangePhone,
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code by SMS to a new phone number (US default region)',
        body: requestChangePhoneSchema,
        response: codeSent,
      },
      config: limited,
    },
    async (request) =>
      codeSentAnswer('phone', await requestChange(app, caller(request).userId, 'phone', request.body.phone)),
  );
  app.post(
    API.resendCodeEmail,
    {
      schema: { tags, summary: 'A fresh code for the pending email change (once a minute)', response: codeSent },
      config: limited,
    },
    async (request) => codeSentAnswer('email', await resendChange(app, caller(request).userId, 'email')),
  );
  app.post(
    API.resendCodePhone,
    {
      schema: { tags, summary: 'A fresh code for the pending phone change (once a minute)', response: codeSent },
      config: limited,
    },
    async (request) => codeSentAnswer('phone', await resendChange(app, caller(request).userId, 'phone')),
  );
  app.post(
    API.verifyChangeEmail,
    {
      schema: {
        tags,
        summary: 'Apply the pending email change with its code (409 if another account took the address meanwhile)',
        body: verifyChangeCodeSchema,
        response: changed,
      },
      config: limited,
    },
    (request) => verify(request, 'email', request.body.code),
  );
  app.post(
    API.verifyChangePhone,
    {
      schema: {
        tags,
        summary: 'Apply the pending phone change with its code',
        body: verifyChangeCodeSchema,
        response: changed,
      },
      config: limited,
    },
    (request) => verify(request, 'phone', request.body.code),
  );
};
export default contactChangeRoutes;
