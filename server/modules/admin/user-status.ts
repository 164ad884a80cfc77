/**
 * PATCH /api/AdminAccount/user-status: an administrator activates, deactivates or verifies an
 * account (what follows from each is in accounts.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { userStatusSchema } from '../../../src/domain/schemas/admin-user';
import { caller } from '../../auth/access';
import { errorBody, errorResponses, ok } from '../../http/response';
import { changeAccountStatus } from './accounts';

/** `detailsSubmited` is the contract's spelling (the product brief, section 3: entities, userData). */
const statusAnswer = z.object({
  id: z.string(),
  email: z.string(),
  status: z.string(),
  isVerified: z.boolean(),
  detailsSubmited: z.boolean(),
});

const userStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    API.userStatus,
    {
      schema: {
        tags: ['Admin'],
        summary: 'Activate, deactivate or verify an account',
        body: userStatusSchema,
        response: {
          200: ok(statusAnswer),
          ...errorResponses,
          409: errorBody.describe('The caller deactivates their own account'),
        },
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request) => {
      const user = await changeAccountStatus(app, request.body, caller(request).userId);
      return {
        result: {
          id: user.id,
          email: user.email,
          status: user.status,
          isVerified: user.isVerified,
          detailsSubmited: user.detailsSubmitted,
        },
      };
    },
  );
};
export default userStatusRoutes;
