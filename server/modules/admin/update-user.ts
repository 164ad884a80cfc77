/**
 * PATCH /api/AdminAccount/user: an administrator edits an account (the users resource's update,
 * hand-written so the stored display name follows the first and last name, as it does when users
 * edit their own profile). Validated with the declaration's own rules, like the generated routes;
 * the work is in accounts.ts.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import usersResource from '../../../src/resources/users/resource';
import { caller } from '../../auth/access';
import { errorBody, errorResponses, ok } from '../../http/response';
import { routeConfig } from '../../resources/crud-routes';
import { toJson } from '../../resources/records';
import { schemasOf } from '../../resources/schemas';
import { splitVersion } from '../../../src/domain/resources/version';
import { ValidationError } from '../../http/errors';
import { updateAccount } from './accounts';

const updateUserRoute: FastifyPluginAsyncZod = async (app) => {
  const { record, updateBodyWithId } = schemasOf(usersResource);
  app.patch(
    usersResource.api.update.path,
    {
      schema: {
        tags: ['Admin'],
        summary: 'Change an account',
        body: updateBodyWithId,
        response: {
          200: ok(record),
          ...errorResponses,
          409: errorBody.describe(
            'A unique value is taken, the caller changes their own role, or the account was saved since the editor loaded it',
          ),
        },
      },
      config: routeConfig(usersResource, 'update'),
    },
    async (request) => {
      const { id, ...input } = request.body as { id?: unknown } & Record<string, unknown>;
      // The version the editor loaded, apart from the field values (src/domain/resources/version.ts).
      const split = splitVersion(input);
      if (!split.ok) throw new ValidationError(split.errors);
      // The version is checked before the field rules (updateAccount), as the engine's updates do.
      const row = await updateAccount(app, id, split.values, caller(request), split.version);
      const [answer] = await toJson(app, usersResource, [row]);
      return { result: answer! };
    },
  );
};
export default updateUserRoute;
