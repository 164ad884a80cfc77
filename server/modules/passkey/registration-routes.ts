/** Adding a passkey from the signed-in profile: options, then verify (the work is in registration.ts). */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { registerPasskeySchema } from '../../../src/domain/schemas/passkey';
import { caller } from '../../auth/access';
import { errorResponses, ok, conflictResponse } from '../../http/response';
import { registerPasskey, registrationOptions } from './registration';
import { creationOptionsSchema, passkeySummarySchema } from './schemas';

const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Passkeys'];

  app.post(
    API.passkeyRegistrationOptions,
    {
      schema: {
        tags,
        summary: 'Options to create a passkey for my account (challenge valid 5 minutes, once)',
        response: { 200: ok(creationOptionsSchema), ...errorResponses, ...conflictResponse },
      },
      config: { access: { roles: 'any' } },
    },
    async (request) => ({ result: await registrationOptions(app, request, caller(request).userId) }),
  );

  app.post(
    API.passkeyRegistration,
    {
      schema: {
        tags,
        summary: 'Verify and store a new passkey for my account',
        body: registerPasskeySchema,
        response: { 200: ok(passkeySummarySchema), ...errorResponses, ...conflictResponse },
      },
      config: { access: { roles: 'any' } },
    },
    async (request) => ({ result: await registerPasskey(app, request, caller(request), request.body) }),
  );
};
export default registrationRoutes;
