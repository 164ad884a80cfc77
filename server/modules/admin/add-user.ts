/**
 * POST /api/AdminAccount/add-user: an administrator creates an account (the users resource's
 * create, hand-written because it hashes a password and gives business roles their business).
 * Validated with the declaration's own rules, so the form and this route say the same thing,
 * and answered as the engine answers a user record. The work is in accounts.ts.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { validateRecord } from '../../../src/domain/resources/field-rules';
import { MESSAGES } from '../../../src/domain/messages';
import { isRole } from '../../../src/domain/roles';
import usersResource from '../../../src/resources/users/resource';
import { caller } from '../../auth/access';
import { ValidationError } from '../../http/errors';
import { errorBody, errorResponses, ok } from '../../http/response';
import { toJson } from '../../resources/records';
import { schemasOf } from '../../resources/schemas';
import { createAccount, type NewAccount } from './accounts';

/** The checked create values as an account (the rules made each a string, null or absent). */
function accountOf(values: Record<string, unknown>): NewAccount {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (!isRole(values.role)) throw new ValidationError({ role: MESSAGES.optionInvalid });
  return {
    email: text(values.email),
    password: text(values.password),
    role: values.role,
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    phone: typeof values.phone === 'string' ? values.phone : null,
  };
}

const addUserRoute: FastifyPluginAsyncZod = async (app) => {
  const { record, createBody } = schemasOf(usersResource);
  app.post(
    usersResource.api.create.path,
    {
      schema: {
        tags: ['Admin'],
        summary: 'Create an account',
        body: createBody,
        response: {
          200: ok(record),
          ...errorResponses,
          409: errorBody.describe('An account with this email already exists'),
        },
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request) => {
      const checked = validateRecord(usersResource, 'create', request.body);
      if (!checked.ok) throw new ValidationError(checked.errors);
      const row = await createAccount(app, accountOf(checked.value), caller(request).userId);
      const [answer] = await toJson(app, usersResource, [row]);
      return { result: answer! };
    },
  );
};
export default addUserRoute;
