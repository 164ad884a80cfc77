/**
 * Changing the sign-in email or the phone number (spec section 7, Profile): request sends a
 * 6-digit code to the NEW address or number, resend sends a fresh one after a cooldown, verify
 * applies the change. Codes are stored hashed, expire (RECOVERY_CODE_TTL_MINUTES) and allow
 * RECOVERY_CODE_MAX_ATTEMPTS wrong tries before they are spent. Only the newest code counts.
 *
 * There is no SMS provider: a phone code goes through the mail outbox as an "SMS" line
 * (To: sms:+1…), the dev outbox that prints it in the server's console.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { formatPhone } from '../../../src/domain/phone';
import {
  requestChangeEmailSchema,
  requestChangePhoneSchema,
  verifyChangeCodeSchema,
} from '../../../src/domain/schemas/profile';
import { contactChangeCodes, mailOutbox, users } from '../../db/schema';
import { sha256 } from '../../auth/passwords';
import { caller } from '../../auth/access';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { logAccess } from '../user/access-log';
import { perIpLimit } from '../user/rate-limits';
import { loadProfile } from './profile-routes';

type Kind = 'email' | 'phone';

/** A new code for the same change may be sent once a minute. */
export const RESEND_COOLDOWN_MS = 60_000;

const hashCode = (userId: string, kind: Kind, target: string, code: string) =>
  sha256(`${userId}:${kind}:${target}:${code}`);

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

export default async function contactChangeRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const { config } = app.ctx;
  const tags = ['Profile'];
  const access = { roles: 'any' as const };
  const limited = { access, ...perIpLimit(app) };

  async function pendingChange(userId: string, kind: Kind) {
    const [row] = await db
      .select()
      .from(contactChangeCodes)
      .where(
        and(
          eq(contactChangeCodes.userId, userId),
          eq(contactChangeCodes.kind, kind),
          isNull(contactChangeCodes.usedAt),
          gt(contactChangeCodes.expiresAt, new Date(app.ctx.now())),
        ),
      )
      .orderBy(desc(contactChangeCodes.createdAt))
      .limit(1);
    return row ?? null;
  }

  function enforceCooldown(sentAt: Date | undefined) {
    if (!sentAt) return;
    const wait = sentAt.getTime() + RESEND_COOLDOWN_MS - app.ctx.now();
    if (wait > 0) {
      throw new HttpError(429, MESSAGES.codeCooldown, {}, { 'retry-after': String(Math.ceil(wait / 1000)) });
    }
  }

  async function deliver(kind: Kind, target: string, code: string, firstName: string) {
    const minutes = config.recoveryCode.ttlMinutes;
    if (kind === 'email') {
      await app.ctx.mail.send({
        to: target,
        subject: 'Confirm your new email',
        text:
          `Hello ${firstName},\n\nYour email change code is ${code}. It expires in ${minutes} minutes.\n\n` +
          'If you did not ask to use this address, you can ignore this message.',
      });
      return;
    }
    const sms = {
      to: `sms:${target}`,
      subject: 'SMS',
      text: `Your phone change code is ${code}. It expires in ${minutes} minutes.`,
    };
    if (app.ctx.mail.transport === 'outbox') {
      await app.ctx.mail.send(sms);
    } else {
      // SMTP cannot deliver a text message: record it in the outbox and the log only.
      await db.insert(mailOutbox).values({ ...sms, transport: 'sms-outbox', sentAt: new Date(app.ctx.now()) });
      app.log.info(`[sms outbox] To: ${target} | ${sms.text}`);
    }
  }

  /** Spends any older code of this kind, stores a fresh one and sends it. */
  async function sendCode(userId: string, kind: Kind, target: string, firstName: string) {
    const now = app.ctx.now();
    await db
      .update(contactChangeCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(contactChangeCodes.userId, userId),
          eq(contactChangeCodes.kind, kind),
          isNull(contactChangeCodes.usedAt),
        ),
      );
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.insert(contactChangeCodes).values({
      userId,
      kind,
      target,
      codeHash: hashCode(userId, kind, target, code),
      expiresAt: new Date(now + config.recoveryCode.ttlMinutes * 60_000),
      sentAt: new Date(now),
    });
    await deliver(kind, target, code, firstName);
  }

  async function currentUser(request: FastifyRequest) {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.id, caller(request).userId));
    if (!user) throw notFound();
    return user;
  }

  async function assertEmailFree(email: string, userId: string) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)))
      .limit(1);
    if (other) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
  }

  const sentMessage = (kind: Kind) => (kind === 'email' ? MESSAGES.changeCodeSentEmail : MESSAGES.changeCodeSentPhone);

  async function request(kind: Kind, req: FastifyRequest) {
    const user = await currentUser(req);
    const target = kind === 'email' ? (req.body as { email: string }).email : (req.body as { phone: string }).phone;
    if (kind === 'email') {
      if (target === user.email) throw badRequest(MESSAGES.emailSameAsCurrent, { email: MESSAGES.emailSameAsCurrent });
      await assertEmailFree(target, user.id);
    } else if (target === user.phone) {
      throw badRequest(MESSAGES.phoneSameAsCurrent, { phone: MESSAGES.phoneSameAsCurrent });
    }
    enforceCooldown((await pendingChange(user.id, kind))?.sentAt);
    await sendCode(user.id, kind, target, user.firstName);
    return { result: { message: sentMessage(kind), target } };
  }

  async function resend(kind: Kind, req: FastifyRequest) {
    const user = await currentUser(req);
    const pending = await pendingChange(user.id, kind);
    if (!pending) throw badRequest(MESSAGES.noPendingChange);
    enforceCooldown(pending.sentAt);
    await sendCode(user.id, kind, pending.target, user.firstName);
    return { result: { message: sentMessage(kind), target: pending.target } };
  }

  async function verify(kind: Kind, req: FastifyRequest) {
    const user = await currentUser(req);
    const { code } = req.body as { code: string };
    const now = app.ctx.now();
    const pending = await pendingChange(user.id, kind);
    if (!pending || pending.codeHash !== hashCode(user.id, kind, pending.target, code)) {
      if (pending) {
        const attempts = pending.attempts + 1;
        await db
          .update(contactChangeCodes)
          .set({ attempts, usedAt: attempts >= config.recoveryCode.maxAttempts ? new Date(now) : null })
          .where(eq(contactChangeCodes.id, pending.id));
      }
      throw badRequest(MESSAGES.codeInvalid, { code: MESSAGES.codeInvalid });
    }
    if (kind === 'email') {
      // Someone may have taken the address since the code was sent.
      await assertEmailFree(pending.target, user.id);
      try {
        await db
          .update(users)
          .set({ email: pending.target, updatedAt: new Date(now) })
          .where(eq(users.id, user.id));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
        throw err;
      }
    } else {
      await db
        .update(users)
        .set({ phone: pending.target, updatedAt: new Date(now) })
        .where(eq(users.id, user.id));
    }
    await db
      .update(contactChangeCodes)
      .set({ usedAt: new Date(now) })
      .where(eq(contactChangeCodes.id, pending.id));
    await logAccess(db, req, {
      event: kind === 'email' ? 'email_changed' : 'phone_changed',
      userId: user.id,
      email: kind === 'email' ? pending.target : user.email,
    });
    if (kind === 'email') {
      // Tell the old address, so an owner whose session was stolen learns of it.
      await app.ctx.mail.send({
        to: user.email,
        subject: 'Your email was changed',
        text:
          `Hello ${user.firstName},\n\nThe email of your account was changed to ${pending.target}. ` +
          'If you did not do this, contact your administrator at once.',
      });
    } else {
      await app.ctx.mail.send({
        to: user.email,
        subject: 'Your phone number was changed',
        text: `Hello ${user.firstName},\n\nThe phone number of your account is now ${formatPhone(pending.target)}.`,
      });
    }
    return {
      result: {
        message: kind === 'email' ? MESSAGES.emailChanged : MESSAGES.phoneChanged,
        user: await loadProfile(db, user.id, now),
      },
    };
  }

  app.post(
    API.requestChangeEmail,
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code to a new email (409 when another account has it)',
        body: requestChangeEmailSchema,
      },
      config: limited,
    },
    (req) => request('email', req),
  );
  app.post(
    API.requestChangePhone,
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code by SMS to a new phone number (US default region)',
        body: requestChangePhoneSchema,
      },
      config: limited,
    },
    (req) => request('phone', req),
  );
  app.post(
    API.resendCodeEmail,
    { schema: { tags, summary: 'A fresh code for the pending email change (once a minute)' }, config: limited },
    (req) => resend('email', req),
  );
  app.post(
    API.resendCodePhone,
    { schema: { tags, summary: 'A fresh code for the pending phone change (once a minute)' }, config: limited },
    (req) => resend('phone', req),
  );
  app.post(
    API.verifyChangeEmail,
    {
      schema: { tags, summary: 'Apply the pending email change with its code', body: verifyChangeCodeSchema },
      config: limited,
    },
    (req) => verify('email', req),
  );
  app.post(
    API.verifyChangePhone,
    {
      schema: { tags, summary: 'Apply the pending phone change with its code', body: verifyChangeCodeSchema },
      config: limited,
    },
    (req) => verify('phone', req),
  );
}
