/**
 * What the mail layer asks of this module when a business mails (server/app.ts injects
 * `senderFor` into the mail adapter): the business's default sender, when it is verified, and —
 * when the sender's address is on a domain this business verified — that domain's DKIM key to
 * sign with. Everything is read with the business id, so business B's mail never finds business
 * A's sender, domain or key (and A's sealed key would not open under B's binding anyway).
 */
import { domainToASCII } from 'node:url';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addressDomain } from '../../../src/domain/senders/senders';
import domainsResource from '../../../src/resources/domains/resource';
import sendersResource from '../../../src/resources/senders/resource';
import { createSecretBox, type SecretBox } from '../../auth/secret-box';
import { tableOf } from '../../resources/tables';
import type { BusinessSender, DkimKey } from '../mail';
import { DKIM_KEY_PURPOSE, dkimKeyBinding, isPlainPem } from './dkim-keys';
import { emailDomainKeys } from './tables';

/** The box is derived once per app (HKDF on every mail would be waste; the secret does not change while it runs). */
const boxes = new WeakMap<FastifyInstance, Promise<SecretBox>>();
export function dkimKeyBox(app: FastifyInstance): Promise<SecretBox> {
  let box = boxes.get(app);
  if (!box) boxes.set(app, (box = createSecretBox(app, DKIM_KEY_PURPOSE)));
  return box;
}

/**
 * Keys stored as plain PEM (domains added before keys were sealed) are sealed once, at start-up
 * (the plugin's onReady), not on first read: a plain key should not wait in the table for a mail
 * that may never come. The update is conditional on the PEM still being there, so two processes
 * starting together seal each key once. Answers how many it sealed.
 */
export async function sealPlainKeys(app: FastifyInstance): Promise<number> {
  const { db } = app.ctx.database;
  const plain = await db
    .select({
      domainId: emailDomainKeys.domainId,
      businessId: emailDomainKeys.businessId,
      pem: emailDomainKeys.privateKey,
    })
    .from(emailDomainKeys)
    .where(like(emailDomainKeys.privateKey, '-----BEGIN%'));
  if (!plain.length) return 0;
  const box = await dkimKeyBox(app);
  for (const key of plain) {
    await db
      .update(emailDomainKeys)
      .set({ privateKey: box.seal(key.pem, dkimKeyBinding(key.businessId, key.domainId)) })
      .where(and(eq(emailDomainKeys.domainId, key.domainId), eq(emailDomainKeys.privateKey, key.pem)));
  }
  return plain.length;
}

/** The DKIM key of the business's verified domain `name`, or null (not verified, not this business's, unreadable). */
async function dkimKeyOf(app: FastifyInstance, businessId: string, name: string): Promise<DkimKey | null> {
  const domains = tableOf(domainsResource.name);
  const [row] = await app.ctx.database.db
    .select({ domainId: emailDomainKeys.domainId, selector: domains.selector!, sealed: emailDomainKeys.privateKey })
    .from(domains)
    .innerJoin(emailDomainKeys, eq(emailDomainKeys.domainId, domains.id!))
    .where(
      and(
        eq(domains.businessId!, businessId),
        eq(emailDomainKeys.businessId, businessId),
        eq(domains.name!, name),
        eq(domains.status!, 'verified'),
      ),
    )
    .limit(1);
  if (!row) return null;
  // A plain PEM here was written by an older process after this one sealed the table at start-up.
  const privateKey = isPlainPem(row.sealed)
    ? row.sealed
    : (await dkimKeyBox(app)).open(row.sealed, dkimKeyBinding(businessId, row.domainId));
  if (!privateKey) {
    app.log.warn({ businessId, domain: name }, 'DKIM key does not open (JWT_SECRET changed?); mail goes unsigned');
    return null;
  }
  return { domainName: name, keySelector: row.selector as string, privateKey };
}

/**
 * The business's default sender when it is verified (by its domain or a mailed code), with its
 * domain's key when that domain is a verified domain of this business; null: the platform's
 * MAIL_FROM is used.
 */
export async function senderFor(
  app: FastifyInstance,
  businessId: string,
  /** A chosen sender of the business (a campaign's) instead of its default one. */
  senderId?: string,
): Promise<BusinessSender | null> {
  const senders = tableOf(sendersResource.name);
  const which = senderId ? eq(senders.id!, senderId) : eq(senders.isDefault!, true);
  const [sender] = await app.ctx.database.db
    .select({ name: senders.displayName!, address: senders.address!, replyTo: senders.replyTo! })
    .from(senders)
    .where(and(eq(senders.businessId!, businessId), which, eq(senders.status!, 'verified')))
    .limit(1);
  if (!sender) return null;
  const address = sender.address as string;
  const raw = addressDomain(address);
  const domain = domainToASCII(raw) || raw;
  return {
    name: sender.name as string,
    address,
    replyTo: (sender.replyTo as string | null) ?? null,
    dkim: await dkimKeyOf(app, businessId, domain),
  };
}

/** The business's verified senders, for a form that offers them (a campaign's), by name. */
export async function verifiedSenders(
  app: FastifyInstance,
  businessId: string,
): Promise<{ id: string; name: string; address: string }[]> {
  const senders = tableOf(sendersResource.name);
  const rows = await app.ctx.database.db
    .select({ id: senders.id!, name: senders.displayName!, address: senders.address! })
    .from(senders)
    .where(and(eq(senders.businessId!, businessId), eq(senders.status!, 'verified')))
    .orderBy(senders.displayName!);
  return rows.map((r) => ({ id: r.id as string, name: r.name as string, address: r.address as string }));
}
