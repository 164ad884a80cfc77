/**
 * POST /api/User/change-password (the product brief, section 7: the calls it makes, Profile): the current password
 * is required, the new one meets the password rule, and every OTHER session of the account is
 * signed out (see password-change.ts).
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { changePasswordSchema } from '../../../src/domain/schemas/profile';
import { caller } from '../../auth/access';
import { errorResponses, ok, messageResult, tooManyResponse } from '../../http/response';
import { perIpLimit } from '../user';
import { changePassword } from './password-change';

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.changePassword,
    {
      schema: {
        tags: ['Profile'],
        summary: 'Change my password (current one required); signs out my other sessions',
        body: changePasswordSchema,
        response: { 200: ok(messageResult), ...errorResponses, ...tooManyResponse },
      },
      config: { access: { roles: 'any' }, ...perIpLimit(app) },
    },
    async (request) => {
      await changePassword(app, request, caller(request), request.body);
      return { result: { message: MESSAGES.passwordUpdated } };
    },
  );
};
export default passwordRoutes;
