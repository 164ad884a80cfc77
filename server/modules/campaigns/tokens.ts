/**
 * The signed tokens a campaign mail carries: its recipient's unsubscribe link, open pixel and
 * click redirects. HMAC-SHA256 under a key derived (HKDF) from the JWT signing secret with its
 * own label, as the door's passes are (reservations/door-pass.ts), so no other signature the
 * server makes is accepted here. A token names a recipient row (and, for a click, the link): a
 * changed byte fails the check before the database is read. The webhook's secret is derived the
 * same way under another label, unless CAMPAIGN_WEBHOOK_SECRET gives the provider's.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { derivedKey } from '../../auth/secret-box';
import { sameSecret } from '../../auth/same-secret';

export type TokenKind = 'u' | 'o' | 'c';

const MAC_BYTES = 16;
const tokenKey = (app: FastifyInstance) => derivedKey(app, 'campaign-links-v1');

/** The provider webhook's shared secret (the same derivation; tests and the bench sign with it). */
export async function webhookSecret(app: FastifyInstance): Promise<string> {
  return process.env.CAMPAIGN_WEBHOOK_SECRET || (await derivedKey(app, 'campaign-webhook-v1')).toString('hex');
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

/** A signer bound to the key, for a batch of mails (the key is derived once). */
export async function signer(app: FastifyInstance) {
  const key = await tokenKey(app);
  return (kind: TokenKind, recipientId: string, extra = '') => {
    const body = `${kind}${recipientId}${extra ? `|${extra}` : ''}`;
    return `${Buffer.from(body).toString('base64url')}.${mac(key, body).toString('base64url')}`;
  };
}

/** The recipient (and the link, for a click) a token names, or null when malformed or forged. */
export async function verifyToken(
  app: FastifyInstance,
  kind: TokenKind,
  token: string,
): Promise<{ recipientId: string; extra: string } | null> {
  const match = /^([A-Za-z0-9_-]{10,4000})\.([A-Za-z0-9_-]{16,40})$/.exec(token.trim());
  if (!match) return null;
  const body = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(await tokenKey(app), body);
  if (!sameSecret(given, expected)) return null;
  if (body.charAt(0) !== kind) return null;
  const [recipientId, ...rest] = body.slice(1).split('|');
  if (!/^[0-9a-f-]{36}$/i.test(recipientId ?? '')) return null;
  return { recipientId: recipientId!, extra: rest.join('|') };
}
