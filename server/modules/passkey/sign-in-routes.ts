/**
 * Signing in with a passkey (the product brief, section 7: the calls it makes, Auth): assertion options, then the
 * signed assertion, which opens the same session a password login does (tokens in the response
 * headers, userData in the body) under the same rules. The checks are in sign-in.ts.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { assertionOptionsSchema, assertionSchema } from '../../../src/domain/schemas/passkey';
import { errorResponses, ok, tooManyResponse } from '../../http/response';
import { logAccess, perIpLimit, userDataSchema, openSession, setTokenHeaders, loadUserData } from '../user';
import { assertionOptionsResultSchema } from './schemas';
import { assertionOptions, verifyAssertion } from './sign-in';

const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const tags = ['Auth'];

  app.post(
    API.passkeyAssertionOptions,
    {
      schema: {
        tags,
        summary: 'Options to sign in with a passkey; with no email, for any passkey on this site (autofill)',
        body: assertionOptionsSchema,
        response: { 200: ok(assertionOptionsResultSchema), ...errorResponses, ...tooManyResponse },
      },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request) => ({ result: await assertionOptions(app, request, request.body.email) }),
  );

  app.post(
    API.passkeyAssertion,
    {
      schema: {
        tags,
        summary: 'Sign in with a signed passkey assertion; answers like /api/user/login',
        body: assertionSchema,
        response: { 200: ok(userDataSchema), ...errorResponses, ...tooManyResponse },
      },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request, res) => {
      const user = await verifyAssertion(app, request, request.body);
      const tokens = await openSession(app, request, user);
      await logAccess(db, request, { event: 'passkey', userId: user.id, email: user.email });
      setTokenHeaders(res, tokens);
      return { result: await loadUserData(db, user.id, app.ctx.now()) };
    },
  );
};
export default signInRoutes;
