/**
 * The invited member's side (spec section 7, Member): `member-activated` checks the emailed
 * code, sets the member's password, activates the account and signs them in exactly like a
 * login; `member-refresh-token` sends a new code. Both are public and answer the same way
 * whether or not an invitation exists, so they reveal no accounts.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { memberActivationSchema, memberRefreshSchema, type MemberActivationInput } from '../../../src/domain/team';
import { businesses, users } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { badRequest } from '../../http/errors';
import { logAccess } from '../user/access-log';
import { enforceAccountLimit, perIpLimit } from '../user/rate-limits';
import { openSession, setTokenHeaders } from '../user/sessions';
import { loadUserData } from '../user/user-data';
import { consumeInvitation, sendInvitation } from './invitations';

export default async function memberRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const tags = ['Member'];

  const invited = async (email: string) => {
    const [user] = await db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role, businessId: users.businessId })
      .from(users)
      .where(and(eq(users.email, email), eq(users.status, 'invited')));
    return user;
  };

  app.post(
    API.memberActivated,
    {
      schema: { tags, summary: 'Accept an invitation: code + new password → signed in', body: memberActivationSchema },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request, res) => {
      const { email, code, password } = request.body as MemberActivationInput;
      await enforceAccountLimit(
        app,
        email,
        'member_activation_failed',
        app.ctx.config.rateLimit.loginFailuresPerAccount,
      );
      const user = await invited(email);
      if (!user || !(await consumeInvitation(app, user.id, code))) {
        await logAccess(db, request, { event: 'member_activation_failed', userId: user?.id, email, success: false });
        throw badRequest(MESSAGES.codeInvalid, { code: MESSAGES.codeInvalid });
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), status: 'active', updatedAt: new Date(app.ctx.now()) })
        .where(eq(users.id, user.id));
      const tokens = await openSession(app, request, user);
      await logAccess(db, request, { event: 'member_activated', userId: user.id, email });
      setTokenHeaders(res, tokens);
      return { result: await loadUserData(db, user.id, app.ctx.now()) };
    },
  );

  app.post(
    API.memberRefreshToken,
    {
      schema: { tags, summary: 'Send a new invitation code', body: memberRefreshSchema },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request) => {
      const { email } = request.body as { email: string };
      await enforceAccountLimit(app, email, 'member_code_sent', app.ctx.config.rateLimit.codesPerAccount);
      await logAccess(db, request, { event: 'member_code_sent', email });
      const user = await invited(email);
      if (user) {
        const [business] = user.businessId
          ? await db.select({ name: businesses.companyName }).from(businesses).where(eq(businesses.id, user.businessId))
          : [];
        await sendInvitation(app, request, user, business?.name ?? 'Your team');
      }
      return { result: { message: MESSAGES.invitationCodeSent } };
    },
  );
}
