/**
 * Invitation codes for new team members: 6 digits, stored hashed, valid for 7 days, at most 5
 * wrong tries before the member must ask for a new one (member-refresh-token). And the mail an
 * existing account gets instead when someone invites its address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import { eq, gt } from 'drizzle-orm';
import { memberInvitations } from '../../db/schema';
import { sha256 } from '../../auth/passwords';
import { takeCodeTry } from '../../auth/code-tries';
import { renderPlatformMail } from '../email-templates';
import { accountByEmail, accountLanguage } from '../user';
import { publicOrigin } from '../../http/public-origin';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

const codeHash = (userId: string, code: string) => sha256(`member:${userId}:${code}`);
const invitationCodeTries = {
  table: memberInvitations,
  attempts: memberInvitations.attempts,
  codeHash: memberInvitations.codeHash,
};

export async function sendInvitation(
  app: FastifyInstance,
  request: FastifyRequest,
  member: { id: string; email: string; name: string },
  companyName: string,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = app.ctx.now();
  const values = {
    codeHash: codeHash(member.id, code),
    expiresAt: new Date(now + INVITATION_TTL_MS),
    attempts: 0,
    sentAt: new Date(now),
  };
  await app.ctx.database.db
    .insert(memberInvitations)
    .values({ userId: member.id, ...values })
    .onConflictDoUpdate({ target: memberInvitations.userId, set: values });
  const link = `${publicOrigin(app.ctx.config, request)}/member-activation?email=${encodeURIComponent(member.email)}`;
  // The member's account language: the inviting page's until the member activates from their own.
  const mail = await renderPlatformMail(app, 'invitation', await accountLanguage(app.ctx.database.db, member.id), {
    'member.name': member.name,
    'business.name': companyName,
    code,
    inviteLink: link,
  });
  await app.ctx.mail.send({ to: member.email, ...mail });
}

/**
 * An address that already has an account cannot get a second one (one email, one account), and
 * the owner who invited it is not told so: the address's owner learns it here, with what to do.
 */
export async function sendExistingAccountNotice(
  app: FastifyInstance,
  account: { email: string; name: string },
  companyName: string,
) {
  const owner = await accountByEmail(app.ctx.database.db, account.email);
  const mail = await renderPlatformMail(app, 'existing-account', owner?.language ?? 'en', {
    'user.name': account.name,
    'business.name': companyName,
  });
  await app.ctx.mail.send({ to: account.email, ...mail });
}

/** Checks a code; every try counts (code-tries.ts). True once, then the invitation is gone. */
export async function consumeInvitation(app: FastifyInstance, userId: string, code: string): Promise<boolean> {
  const { db } = app.ctx.database;
  const tried = await takeCodeTry(
    db,
    invitationCodeTries,
    [eq(memberInvitations.userId, userId), gt(memberInvitations.expiresAt, new Date(app.ctx.now()))],
    MAX_CODE_ATTEMPTS,
    codeHash(userId, code),
  );
  if (!tried.right) return false;
  // The right code sent twice at once activates once.
  const spent = await db.delete(memberInvitations).where(eq(memberInvitations.userId, userId)).returning();
  return spent.length > 0;
}
