/**
 * Changing the sign-in email or the phone number with a 6-digit code sent to the NEW address or
 * number. Codes are stored hashed, expire (RECOVERY_CODE_TTL_MINUTES) and allow
 * RECOVERY_CODE_MAX_ATTEMPTS wrong tries before they are spent; only the newest code counts, and
 * a new one may be sent once a minute.
 *
 * An email that belongs to another account is answered exactly like a free one, as sign-in and
 * recovery answer the same for known and unknown emails: the change is recorded as pending (so
 * the profile, resend and cooldown behave the same), but no code is sent and none can confirm it;
 * the address's owner is mailed that someone tried to use it. This is what careful products do
 * (OWASP's account-enumeration advice: same answer, tell the owner out of band). A code sent to a
 * free address that another account takes before verify fails cleanly with 409.
 *
 * There is no SMS provider: a phone code goes through the mail outbox as an "SMS" line
 * (To: sms:+1…), the dev outbox that prints it in the server's console.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { formatPhone } from '../../../src/domain/phone';
import { contactChangeCodes, users } from '../../db/schema';
import { sha256 } from '../../auth/passwords';
import { takeCodeTry } from '../../auth/code-tries';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { PlatformMailLocale as MailLanguage } from '../../../src/domain/email-templates/kinds';
import { renderPlatformMail } from '../email-templates';
import { logAccess, setEmail, setPhone } from '../user';

export type ContactKind = 'email' | 'phone';

/** A new code for the same change may be sent once a minute. */
export const RESEND_COOLDOWN_MS = 60_000;

const hashCode = (userId: string, kind: ContactKind, target: string, code: string) =>
  sha256(`${userId}:${kind}:${target}:${code}`);
const changeCodeTries = {
  table: contactChangeCodes,
  attempts: contactChangeCodes.attempts,
  codeHash: contactChangeCodes.codeHash,
};
/** Stored for an address another account holds: no 6-digit code hashes to it. */
const unconfirmableHash = () => sha256(`unconfirmable:${randomBytes(32).toString('base64url')}`);

async function currentUser(app: FastifyInstance, userId: string) {
  const [user] = await app.ctx.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

/** The other account that signs in with this email, if any. */
async function otherAccountWithEmail(app: FastifyInstance, email: string, userId: string) {
  const [other] = await app.ctx.database.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      name: users.name,
      language: users.language,
    })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return other ?? null;
}

async function pendingChange(app: FastifyInstance, userId: string, kind: ContactKind) {
  const [row] = await app.ctx.database.db
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

function enforceCooldown(app: FastifyInstance, sentAt: Date | undefined) {
  if (!sentAt) return;
  const wait = sentAt.getTime() + RESEND_COOLDOWN_MS - app.ctx.now();
  if (wait > 0) {
    throw new HttpError(429, MESSAGES.codeCooldown, {}, { 'retry-after': String(Math.ceil(wait / 1000)) });
  }
}

async function deliverCode(
  app: FastifyInstance,
  kind: ContactKind,
  target: string,
  code: string,
  user: { firstName: string; language: MailLanguage },
) {
  const minutes = app.ctx.config.recoveryCode.ttlMinutes;
  if (kind === 'email') {
    const mail = await renderPlatformMail(app, 'email-change-code', user.language, {
      'user.firstName': user.firstName,
      code,
      expiresMinutes: String(minutes),
    });
    await app.ctx.mail.send({ to: target, ...mail });
    return;
  }
  await app.ctx.mail.recordText(
    { to: `sms:${target}`, text: `Your phone change code is ${code}. It expires in ${minutes} minutes.` },
    new Date(app.ctx.now()),
  );
}

/** Instead of a code: the address's owner learns that another account tried to take it. */
async function deliverTakenNotice(
  app: FastifyInstance,
  owner: { email: string; firstName: string; name: string; language: MailLanguage },
) {
  const mail = await renderPlatformMail(app, 'email-taken', owner.language, {
    'user.firstName': owner.firstName || owner.name,
    'user.email': owner.email,
  });
  await app.ctx.mail.send({ to: owner.email, ...mail });
}

/** Spends any older code of this kind, stores a fresh one and sends it (or the notice, see above). */
async function sendCode(
  app: FastifyInstance,
  user: { id: string; firstName: string; language: MailLanguage },
  kind: ContactKind,
  target: string,
) {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  await db
    .update(contactChangeCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(eq(contactChangeCodes.userId, user.id), eq(contactChangeCodes.kind, kind), isNull(contactChangeCodes.usedAt)),
    );
  const owner = kind === 'email' ? await otherAccountWithEmail(app, target, user.id) : null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(contactChangeCodes).values({
    userId: user.id,
    kind,
    target,
    codeHash: owner ? unconfirmableHash() : hashCode(user.id, kind, target, code),
    expiresAt: new Date(now + app.ctx.config.recoveryCode.ttlMinutes * 60_000),
    sentAt: new Date(now),
  });
  if (owner) await deliverTakenNotice(app, owner);
  else await deliverCode(app, kind, target, code, user);
}

/** Starts a change to `target`; answers the target the code went to. */
export async function requestChange(
  app: FastifyInstance,
  userId: string,
  kind: ContactKind,
  target: string,
): Promise<string> {
  const user = await currentUser(app, userId);
  if (kind === 'email' && target === user.email) {
    throw badRequest(MESSAGES.emailSameAsCurrent, { email: MESSAGES.emailSameAsCurrent });
  }
  if (kind === 'phone' && target === user.phone) {
    throw badRequest(MESSAGES.phoneSameAsCurrent, { phone: MESSAGES.phoneSameAsCurrent });
  }
  enforceCooldown(app, (await pendingChange(app, user.id, kind))?.sentAt);
  await sendCode(app, user, kind, target);
  return target;
}

/** A fresh code for the pending change (after the cooldown); answers its target. */
export async function resendChange(app: FastifyInstance, userId: string, kind: ContactKind): Promise<string> {
  const user = await currentUser(app, userId);
  const pending = await pendingChange(app, user.id, kind);
  if (!pending) throw badRequest(MESSAGES.noPendingChange);
  enforceCooldown(app, pending.sentAt);
  await sendCode(app, user, kind, pending.target);
  return pending.target;
}

/**
 * Applies the pending change with its code: 400 for a wrong, expired or spent code (wrong tries
 * count), 409 when another account took the email since the code was sent. The old address is
 * told of an email change, so an owner whose session was stolen learns of it.
 */
export async function verifyChange(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  kind: ContactKind,
  code: string,
) {
  const { db } = app.ctx.database;
  const { config } = app.ctx;
  const user = await currentUser(app, userId);
  const now = app.ctx.now();
  const pending = await pendingChange(app, user.id, kind);
  // A try is taken before the code is compared (code-tries.ts); a right code is spent below.
  const tried = pending
    ? await takeCodeTry(
        db,
        changeCodeTries,
        [eq(contactChangeCodes.id, pending.id), isNull(contactChangeCodes.usedAt)],
        config.recoveryCode.maxAttempts,
        hashCode(user.id, kind, pending.target, code),
      )
    : null;
  if (!pending || !tried?.right) {
    if (tried?.lastTry) {
      await db
        .update(contactChangeCodes)
        .set({ usedAt: new Date(now) })
        .where(eq(contactChangeCodes.id, pending!.id));
    }
    throw badRequest(MESSAGES.codeInvalid, { code: MESSAGES.codeInvalid });
  }
  const spend = () =>
    db
      .update(contactChangeCodes)
      .set({ usedAt: new Date(now) })
      .where(eq(contactChangeCodes.id, pending.id));
  if (kind === 'email') {
    // Someone may have taken the address since the code was sent (checked, and the unique
    // index catches a race with the check).
    const taken =
      (await otherAccountWithEmail(app, pending.target, user.id)) !== null ||
      !(await setEmail(db, user.id, pending.target, now));
    if (taken) {
      await spend();
      throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    }
  } else {
    await setPhone(db, user.id, pending.target, now);
  }
  await spend();
  await logAccess(db, request, {
    event: kind === 'email' ? 'email_changed' : 'phone_changed',
    userId: user.id,
    email: kind === 'email' ? pending.target : user.email,
  });
  // To the address the account had before: its owner learns of a change they did not make.
  const mail =
    kind === 'email'
      ? await renderPlatformMail(app, 'email-changed', user.language, {
          'user.firstName': user.firstName,
          'user.newEmail': pending.target,
        })
      : await renderPlatformMail(app, 'phone-changed', user.language, {
          'user.firstName': user.firstName,
          'user.newPhone': formatPhone(pending.target),
        });
  await app.ctx.mail.send({ to: user.email, ...mail });
}
