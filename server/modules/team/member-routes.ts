/**
 * The invited member's side (the product brief, section 7: the calls it makes, Member): `member-activated` checks the
 * emailed code, sets the member's password, activates the account and signs them in exactly like
 * a login; `member-refresh-token` sends a new code. Both are public and answer the same way
 * whether or not an invitation exists, so they reveal no accounts (see activation.ts).
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { memberActivationSchema, memberRefreshSchema } from '../../../src/domain/team';
import { errorResponses, ok, messageResult, tooManyResponse } from '../../http/response';
import { logAccess, perIpLimit, userDataSchema, openSession, setTokenHeaders, loadUserData } from '../user';
import { activateInvitation, resendMemberCode } from './activation';

const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const tags = ['Member'];

  app.post(
    API.memberActivated,
    {
      schema: {
        tags,
        summary: 'Accept an invitation: code + new password → signed in',
        body: memberActivationSchema,
        response: { 200: ok(userDataSchema), ...errorResponses, ...tooManyResponse },
      },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request, res) => {
      const user = await activateInvitation(app, request, request.body);
      const tokens = await openSession(app, request, user);
      await logAccess(db, request, { event: 'member_activated', userId: user.id, email: user.email });
      setTokenHeaders(res, tokens);
      return { result: await loadUserData(db, user.id, app.ctx.now()) };
    },
  );

  app.post(
    API.memberRefreshToken,
    {
      schema: {
        tags,
        summary: 'Send a new invitation code',
        body: memberRefreshSchema,
        response: { 200: ok(messageResult), ...errorResponses, ...tooManyResponse },
      },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request) => {
      await resendMemberCode(app, request, request.body.email);
      return { result: { message: MESSAGES.invitationCodeSent } };
    },
  );
};
export default memberRoutes;
