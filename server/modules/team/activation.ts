/**
 * The invited member's side: checking the emailed code and activating the account, and sending
 * a new code. Both behave the same whether or not an invitation exists for the email, so they
 * reveal no accounts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import type { MemberActivationInput } from '../../../src/domain/team';
import { businesses, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { requestLocale } from '../email-templates';
import { logAccess, activateMember, enforceAccountLimit, countedRequest } from '../user';
import { consumeInvitation, sendInvitation } from './invitations';

async function invitedAccount(app: FastifyInstance, email: string) {
  const [user] = await app.ctx.database.db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, businessId: users.businessId })
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, 'invited')));
  return user;
}

/** Spends the code and sets the password; answers the account to sign in (400 for any bad code). */
export async function activateInvitation(app: FastifyInstance, request: FastifyRequest, input: MemberActivationInput) {
  const { db } = app.ctx.database;
  const { email, code, password } = input;
  await enforceAccountLimit(app, email, 'member_activation_failed', app.ctx.config.rateLimit.loginFailuresPerAccount);
  const user = await invitedAccount(app, email);
  if (!user || !(await consumeInvitation(app, user.id, code))) {
    await logAccess(db, request, { event: 'member_activation_failed', userId: user?.id, email, success: false });
    throw badRequest(MESSAGES.codeInvalid, { code: MESSAGES.codeInvalid });
  }
  await activateMember(db, user.id, password, requestLocale(request), app.ctx.now());
  return user;
}

/** A new code for an invitation still waiting on this email; nothing visible otherwise. */
export async function resendMemberCode(app: FastifyInstance, request: FastifyRequest, email: string) {
  const { db } = app.ctx.database;
  // Counted under the account's lock before anything is sent: asked at once, each counts.
  await countedRequest(app, request, {
    email,
    event: 'member_code_sent',
    max: app.ctx.config.rateLimit.codesPerAccount,
  });
  const user = await invitedAccount(app, email);
  if (!user) return;
  const [business] = user.businessId
    ? await db.select({ name: businesses.companyName }).from(businesses).where(eq(businesses.id, user.businessId))
    : [];
  await sendInvitation(app, request, user, business?.name ?? 'Your team');
}
