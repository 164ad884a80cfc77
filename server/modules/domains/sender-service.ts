/**
 * Senders (src/resources/senders): adding and changing one, and proving an address. An address
 * on a domain the business verified is verified at once; an address on a domain another business
 * verified (and this one did not) is refused; any other address gets a 6-digit code by mail
 * (through the mail module's outbox or SMTP), kept as a hash with an expiry and a try limit.
 * One default sender per business, and only a verified one (src/domain/senders/default-sender.ts,
 * the declaration's rule: createRecord runs it at the add with the sender's state, and the change
 * below): making one the default unsets the others in the same transaction.
 */
import { createHash, randomInt } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { and, eq, gt, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import { validateRecord } from '../../../src/domain/resources/field-rules';
import { recordRuleErrors } from '../../../src/domain/resources/record-rules';
import { splitVersion } from '../../../src/domain/resources/version';
import { addressDomain, SENDER_CODE } from '../../../src/domain/senders/senders';
import domainsResource from '../../../src/resources/domains/resource';
import sendersResource from '../../../src/resources/senders/resource';
import { sameSecret } from '../../auth/same-secret';
import type { AuthContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conflict, HttpError, ValidationError } from '../../http/errors';
import { writeAudit } from '../../resources/audit';
import { createRecord } from '../../resources/create-record';
import { publishRecordChanges } from '../../resources/live-events';
import { assertVersion, lockVersion, nextVersion } from '../../resources/record-version';
import { diff, loadRow, toJson, type Row } from '../../resources/records';
import { tableOf } from '../../resources/tables';
import { renderPlatformMail } from '../email-templates';
import { accountLanguage } from '../user';
import { emailSenderCodeMails, emailSenderCodes } from './tables';

const sendersTable = () => tableOf(sendersResource.name);
const hash = (code: string) => createHash('sha256').update(code).digest();

/** Whether the address's domain is verified by this business, and by another one. */
async function domainStanding(app: FastifyInstance, businessId: string, address: string) {
  const raw = addressDomain(address);
  const name = domainToASCII(raw) || raw;
  const domains = tableOf(domainsResource.name);
  const rows = await app.ctx.database.db
    .select({ businessId: domains.businessId!, status: domains.status! })
    .from(domains)
    .where(and(eq(domains.name!, name), eq(domains.status!, 'verified')));
  return { ours: rows.some((r) => r.businessId === businessId), others: rows.some((r) => r.businessId !== businessId) };
}

/**
 * Unsets the business's other default sender (inside the caller's transaction), under the
 * business's senders lock: two tabs making two senders the default at once would each clear the
 * others as they were before the other's change, and leave two defaults.
 */
async function clearDefault(tx: DbOrTx, businessId: string, except: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`senders-default:${businessId}`}))`);
  const table = sendersTable();
  await tx
    .update(table)
    .set({ isDefault: false })
    .where(
      and(eq(table.businessId!, businessId), eq(table.isDefault!, true), except ? ne(table.id!, except) : undefined),
    );
}

/** A new code for the sender, replacing any earlier one; answers the code to mail. */
async function newCode(app: FastifyInstance, tx: DbOrTx, senderId: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(app.ctx.now() + SENDER_CODE.ttlMinutes * 60_000);
  await tx
    .insert(emailSenderCodes)
    .values({ senderId, codeHash: hash(code).toString('hex'), expiresAt, attempts: 0 })
    .onConflictDoUpdate({
      target: emailSenderCodes.senderId,
      set: { codeHash: hash(code).toString('hex'), expiresAt, attempts: 0 },
    });
  return code;
}

/** The code, in the language of the user who asked for it (they are the one who reads it). */
async function mailCode(app: FastifyInstance, auth: AuthContext, address: string, displayName: string, code: string) {
  const mail = await renderPlatformMail(app, 'sender-code', await accountLanguage(app.ctx.database.db, auth.userId), {
    'sender.name': displayName,
    'sender.address': address,
    code,
    expiresMinutes: String(SENDER_CODE.ttlMinutes),
  });
  await app.ctx.mail.send({ to: address, ...mail });
}

const one = async (app: FastifyInstance, row: Row) => (await toJson(app, sendersResource, [row]))[0]!;

/**
 * Claims the mailing of a code to `address` for the business: at most once a minute (the resend's
 * wait), whichever sender of that address asks — a Resend, or the same address deleted and added
 * again, which would otherwise mail anyone's address on every add. The wait is checked in the
 * statement that records the mailing, so two requests at once claim one mail; else 429 with
 * Retry-After and `message`. Inside the caller's transaction, so a refused add stores nothing.
 */
async function claimCodeMail(
  app: FastifyInstance,
  tx: DbOrTx,
  businessId: string,
  rawAddress: string,
  message: string,
): Promise<void> {
  const now = app.ctx.now();
  const wait = SENDER_CODE.resendAfterSeconds * 1000;
  const address = rawAddress.toLowerCase();
  const m = emailSenderCodeMails;
  const [claimed] = await tx
    .insert(m)
    .values({ businessId, address, mailedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [m.businessId, m.address],
      set: { mailedAt: new Date(now) },
      setWhere: lte(m.mailedAt, new Date(now - wait)),
    })
    .returning({ address: m.address });
  if (claimed) return;
  const [last] = await tx
    .select({ mailedAt: m.mailedAt })
    .from(m)
    .where(and(eq(m.businessId, businessId), eq(m.address, address)));
  const left = last ? last.mailedAt.getTime() + wait - now : wait;
  throw new HttpError(429, message, message === MESSAGES.codeCooldown ? {} : { address: message }, {
    'retry-after': String(Math.max(1, Math.ceil(left / 1000))),
  });
}

export async function addSender(app: FastifyInstance, auth: AuthContext, body: Record<string, unknown>) {
  const checked = validateRecord(sendersResource, 'create', body);
  if (!checked.ok) throw new ValidationError(checked.errors);
  const businessId = auth.businessId!;
  const address = String(checked.value.address);
  const standing = await domainStanding(app, businessId, address);
  if (standing.others && !standing.ours) throw new ValidationError({ address: MESSAGES.senderOtherBusinessDomain });
  const now = new Date(app.ctx.now());
  const { row, code } = await app.ctx.database.db.transaction(async (tx) => {
    if (checked.value.isDefault === true) await clearDefault(tx, businessId, null);
    const created = await createRecord(
      app,
      sendersResource,
      body,
      { role: auth.role, businessId, userId: auth.userId },
      { tx, add: standing.ours ? { status: 'verified', verifiedAt: now } : { status: 'pending' } },
    );
    if (standing.ours) return { row: created, code: null };
    // Added after the sender, so adding an address twice still answers the duplicate's refusal.
    await claimCodeMail(app, tx, businessId, address, MESSAGES.senderCodeCooldown);
    return { row: created, code: await newCode(app, tx, created.id as string) };
  });
  if (code) await mailCode(app, auth, address, String(row.displayName), code);
  await publishRecordChanges(app, sendersResource, 'created', new Map([[businessId, [row.id as string]]]));
  return one(app, row);
}

export async function updateSender(app: FastifyInstance, auth: AuthContext, body: Record<string, unknown>) {
  const { id, ...input } = body;
  const before = await loadRow(app, sendersResource, sendersTable(), id, auth.businessId);
  // The version the editor loaded, apart from the field values (src/domain/resources/version.ts):
  // saved since, 409 before the field rules, as the engine's updates answer.
  const split = splitVersion(input);
  if (!split.ok) throw new ValidationError(split.errors);
  assertVersion(before.updatedAt, split.version);
  const checked = validateRecord(sendersResource, 'update', split.values);
  if (!checked.ok) throw new ValidationError(checked.errors);
  // The declaration's rules over the record as it would be saved (a pending sender is not made the
  // default), as the engine's updates run them. Read before the lock: a sender's state only moves
  // from pending to verified, so a code verifying it meanwhile can only make this refuse too much.
  const ruleErrors = recordRuleErrors(
    sendersResource,
    before,
    { ...before, ...checked.value },
    Object.keys(checked.value),
  );
  if (Object.keys(ruleErrors).length) throw new ValidationError(ruleErrors);
  const table = sendersTable();
  const row = await app.ctx.database.db.transaction(async (tx) => {
    // The row's lock, and its version checked again: a save between the read above and here.
    await lockVersion(tx, table, before.id as string, split.version);
    if (checked.value.isDefault === true) await clearDefault(tx, before.businessId as string, before.id as string);
    const [after] = await tx
      .update(table)
      .set({ ...checked.value, updatedAt: nextVersion(table, app.ctx.now()) })
      .where(eq(table.id!, before.id as string))
      .returning();
    const changes = diff(sendersResource, before, after!);
    if (Object.keys(changes).length)
      await writeAudit(tx, sendersResource, auth.userId, [
        { recordId: before.id as string, businessId: before.businessId as string, action: 'update', changes },
      ]);
    return after!;
  });
  await publishRecordChanges(
    app,
    sendersResource,
    'updated',
    new Map([[before.businessId as string, [row.id as string]]]),
  );
  return one(app, row);
}

/** Checks a mailed code: right, the sender is verified; wrong, expired or tried too often, 400 on the code. */
export async function verifySender(app: FastifyInstance, auth: AuthContext, senderId: string, code: string) {
  const before = await loadRow(app, sendersResource, sendersTable(), senderId, auth.businessId);
  if (before.status === 'verified') throw conflict(MESSAGES.senderAlreadyVerified);
  const { db } = app.ctx.database;
  const refused = new ValidationError({ code: MESSAGES.codeInvalid });
  // The try is counted before the code is compared, in the one statement that checks the limit:
  // read first and counted after, tries sent at once all read the same count, and ten parallel
  // guesses cost one of the five.
  const [stored] = await db
    .update(emailSenderCodes)
    .set({ attempts: sql`${emailSenderCodes.attempts} + 1` })
    .where(
      and(
        eq(emailSenderCodes.senderId, senderId),
        gt(emailSenderCodes.expiresAt, new Date(app.ctx.now())),
        lt(emailSenderCodes.attempts, SENDER_CODE.maxAttempts),
      ),
    )
    .returning({ codeHash: emailSenderCodes.codeHash });
  if (!stored || !sameSecret(hash(code), Buffer.from(stored.codeHash, 'hex'))) throw refused;
  const table = sendersTable();
  const row = await db.transaction(async (tx) => {
    const [after] = await tx
      .update(table)
      // A new version even within the millisecond of the last save, so an open edit form sees the move.
      .set({ status: 'verified', verifiedAt: new Date(app.ctx.now()), updatedAt: nextVersion(table, app.ctx.now()) })
      .where(and(eq(table.id!, senderId), eq(table.status!, 'pending')))
      .returning();
    if (!after) throw conflict(MESSAGES.senderAlreadyVerified);
    await tx.delete(emailSenderCodes).where(eq(emailSenderCodes.senderId, senderId));
    await writeAudit(tx, sendersResource, auth.userId, [
      {
        recordId: senderId,
        businessId: before.businessId as string,
        action: 'update',
        changes: diff(sendersResource, before, after),
      },
    ]);
    return after;
  });
  await publishRecordChanges(app, sendersResource, 'updated', new Map([[before.businessId as string, [senderId]]]));
  return one(app, row);
}

/** Mails a pending sender a new code (the earlier one stops holding), at most once a minute. */
export async function resendSenderCode(app: FastifyInstance, auth: AuthContext, senderId: string) {
  const before = await loadRow(app, sendersResource, sendersTable(), senderId, auth.businessId);
  if (before.status === 'verified') throw conflict(MESSAGES.senderAlreadyVerified);
  // At most once a minute for the address (claimCodeMail), the earlier code then replaced.
  const code = await app.ctx.database.db.transaction(async (tx) => {
    await claimCodeMail(app, tx, before.businessId as string, String(before.address), MESSAGES.codeCooldown);
    return newCode(app, tx, senderId);
  });
  await mailCode(app, auth, String(before.address), String(before.displayName), code);
  return one(app, before);
}
