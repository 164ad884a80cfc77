/** Sign-in, token validation, refresh with rotation, logout and the caller's own state. */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { loginSchema, refreshTokenSchema, validateTokenSchema } from '../../../src/domain/schemas/auth';
import { authenticate, caller } from '../../auth/access';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { HttpError, unauthorized } from '../../http/errors';
import { errorResponses, ok, okEmpty, tooManyResponse } from '../../http/response';
import { accountByEmail } from './accounts';
import { logAccess } from './access-log';
import { countedGuess, perIpLimit } from './rate-limits';
import { openSession, revokeSession, rotateRefreshToken, setTokenHeaders } from './sessions';
import { loadUserData } from './user-data';
import { userDataSchema } from './schemas';

/**
 * What a refused renewal tells the browser whose session another hand ended, so it can say why
 * rather than 'the session expired': a password changed (by its owner elsewhere, a recovery or an
 * administrator) or an account switched off (by an administrator or the business owner).
 */
function endedBecause(why: string): string {
  if (['password_changed', 'password_reset', 'password_set_by_admin'].includes(why))
    return MESSAGES.sessionEndedPasswordChanged;
  if (['inactive', 'deactivated', 'member_deactivated', 'member_removed'].includes(why))
    return MESSAGES.accountDisabled;
  return MESSAGES.refreshTokenInvalid;
}

/** Every answer that signs in or describes the caller: userData (tokens travel in headers). */
const userDataResponse = { 200: ok(userDataSchema), ...errorResponses, ...tooManyResponse };

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const tags = ['Auth'];

  app.post(
    API.login,
    {
      schema: { tags, summary: 'Sign in with email and password', body: loginSchema, response: userDataResponse },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request, res) => {
      const { email, password } = request.body;
      const user = await accountByEmail(db, email);
      // Counted as a failure unless the password proves right and the account may sign in (rate-limits.ts).
      const max = app.ctx.config.rateLimit.loginFailuresPerAccount;
      const entry = { email, event: 'login_failed', max, userId: user?.id } as const;
      const account = await countedGuess(app, request, entry, async () => {
        // Check a password even for unknown accounts so timing does not reveal which exist.
        const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
        if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials);
        if (user.status !== 'active') {
          // An invited team member has not chosen a password yet: say how to get in.
          throw new HttpError(403, user.status === 'invited' ? MESSAGES.memberNotActivated : MESSAGES.accountDisabled);
        }
        return user;
      });
      const tokens = await openSession(app, request, account);
      await logAccess(db, request, { event: 'login', userId: account.id, email });
      setTokenHeaders(res, tokens);
      return { result: await loadUserData(db, account.id, app.ctx.now()) };
    },
  );

  app.post(
    API.validateToken,
    {
      schema: {
        tags,
        summary: 'Check an access token; 401 when expired or invalid',
        body: validateTokenSchema,
        response: userDataResponse,
      },
      config: { access: 'public' },
    },
    async (request) => {
      const { token } = request.body;
      // A session still at /verify is valid, not expired: its userData routes the client there.
      const auth = await authenticate(app, token, { allowBeforeTwoFactor: true });
      if (!auth) throw unauthorized(MESSAGES.invalidToken);
      return { result: await loadUserData(db, auth.userId, app.ctx.now()) };
    },
  );

  app.post(
    API.refreshToken,
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token; a reused token revokes its whole session',
        body: refreshTokenSchema,
        response: userDataResponse,
      },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request, res) => {
      const { refreshToken } = request.body;
      const outcome = await rotateRefreshToken(app, refreshToken);
      if (!outcome.ok) {
        if (outcome.reason === 'reused') {
          await logAccess(db, request, { event: 'refresh_reuse', userId: outcome.userId, success: false });
        }
        throw unauthorized(outcome.reason === 'revoked' ? endedBecause(outcome.why) : MESSAGES.refreshTokenInvalid);
      }
      await logAccess(db, request, { event: 'refresh', userId: outcome.userId });
      setTokenHeaders(res, outcome.tokens);
      return { result: await loadUserData(db, outcome.userId, app.ctx.now()) };
    },
  );

  app.post(
    API.logout,
    {
      schema: { tags, summary: 'Revoke the current session', response: { 200: okEmpty, ...errorResponses } },
      config: { access: { roles: 'any' }, allowBeforeTwoFactor: true },
    },
    async (request) => {
      const auth = caller(request);
      await revokeSession(app, auth.sessionId, 'logout');
      await logAccess(db, request, { event: 'logout', userId: auth.userId, email: auth.email });
      return { result: true };
    },
  );

  app.get(
    API.me,
    {
      schema: { tags, summary: "The caller's current userData", response: userDataResponse },
      // Reachable before two-factor: the client reads settings.twoFactor here to route to /verify.
      config: { access: { roles: 'any' }, allowBeforeTwoFactor: true },
    },
    async (request) => ({ result: await loadUserData(db, caller(request).userId, app.ctx.now()) }),
  );
};
export default authRoutes;
