/**
 * The public ends of a campaign mail: the open pixel, the click redirect and the unsubscribe
 * link. Each carries a signed token (tokens.ts); a forged or changed one is refused before the
 * database is read. An unsubscribe needs no sign-in and holds at once: the address is on the
 * business's suppression list when the answer comes back.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { businessName } from './campaign-service';
import { isSuppressed, markEvent, recipientOf, suppress } from './events';
import { verifyToken } from './tokens';

export async function recordOpen(app: FastifyInstance, token: string) {
  const ok = await verifyToken(app, 'o', token);
  const recipient = ok && (await recipientOf(app.ctx.database.db, ok.recipientId));
  if (!recipient) return;
  const at = new Date(app.ctx.now());
  await app.ctx.database.db.transaction((tx) => markEvent(tx, recipient, 'opened', at));
}

/** The link a click goes to, recorded; null for a forged token (or a link that is not http(s)). */
export async function recordClick(app: FastifyInstance, token: string): Promise<string | null> {
  const ok = await verifyToken(app, 'c', token);
  if (!ok || !/^https?:\/\//i.test(ok.extra)) return null;
  const recipient = await recipientOf(app.ctx.database.db, ok.recipientId);
  if (recipient) {
    const at = new Date(app.ctx.now());
    // A click is also an open: the pixel is often blocked where links are followed.
    await app.ctx.database.db.transaction(async (tx) => {
      await markEvent(tx, recipient, 'opened', at);
      await markEvent(tx, recipient, 'clicked', at);
    });
  }
  return ok.extra;
}

async function recipientOfToken(app: FastifyInstance, token: string) {
  const ok = await verifyToken(app, 'u', token);
  const recipient = ok && (await recipientOf(app.ctx.database.db, ok.recipientId));
  if (!recipient) throw badRequest(MESSAGES.unsubscribeLinkInvalid, { token: MESSAGES.unsubscribeLinkInvalid });
  return recipient;
}

/** Who the link is for, and whether the address is already off the business's list. */
export async function unsubscribeInfo(app: FastifyInstance, token: string) {
  const recipient = await recipientOfToken(app, token);
  const { db } = app.ctx.database;
  const [business, unsubscribed] = await Promise.all([
    businessName(db, recipient.businessId),
    isSuppressed(db, recipient.businessId, recipient.email),
  ]);
  return { email: recipient.email, businessName: business.name, unsubscribed };
}

export async function unsubscribe(app: FastifyInstance, token: string) {
  const recipient = await recipientOfToken(app, token);
  const at = new Date(app.ctx.now());
  await app.ctx.database.db.transaction(async (tx) => {
    await markEvent(tx, recipient, 'unsubscribed', at);
    await suppress(tx, recipient.businessId, recipient.email, 'unsubscribed', at);
  });
  const business = await businessName(app.ctx.database.db, recipient.businessId);
  return { email: recipient.email, businessName: business.name, unsubscribed: true };
}
