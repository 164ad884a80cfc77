/**
 * PATCH /api/AdminAccount/set-password-user: an administrator sets a user's password (the
 * user forgot it and cannot receive mail, say). Same password rule as everywhere; every
 * session of that user is signed out, and the change is written to the audit (accounts.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { newPasswordField } from '../../../src/domain/schemas/common';
import { caller } from '../../auth/access';
import { errorResponses, ok } from '../../http/response';
import { setAccountPassword } from './accounts';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

export const setPasswordSchema = z.object({
  id: recordIdSchema,
  password: newPasswordField,
});

const setPasswordRoute: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    API.setPasswordUser,
    {
      schema: {
        tags: ['Admin'],
        summary: "Set a user's password (signs them out everywhere)",
        body: setPasswordSchema,
        response: { 200: ok(z.object({ id: z.string() })), ...errorResponses },
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request) => {
      const { id, password } = request.body;
      await setAccountPassword(app, id, password, caller(request).userId);
      return { result: { id } };
    },
  );
};
export default setPasswordRoute;
