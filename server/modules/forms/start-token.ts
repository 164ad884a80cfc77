/**
 * The public form's start token and the sender's IP hash (spam rules without a CAPTCHA: the
 * product brief's form builder). The token says which form and version the person opened and
 * when, signed with HMAC-SHA256 under a key derived from the server's signing secret with its
 * own label, so a bot cannot claim to have opened the form minutes ago. The IP is kept only as
 * an HMAC under the same key: the per-IP limit needs to recognise a sender, not to know it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { derivedKey } from '../../auth/secret-box';
import { sameSecret } from '../../auth/same-secret';

const formKey = (app: FastifyInstance) => derivedKey(app, 'form-start-v1');

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);

export interface Start {
  formId: string;
  version: number;
  startedAt: number;
}

/** A start the server signed, with what names this one opening of the form among all others. */
export interface ReadStart extends Start {
  /**
   * The token's MAC: one per opening (a random nonce is signed in), so a submission stored
   * under it makes a second send of the same opening (Send again after a lost answer) a no-op.
   */
  key: string;
}

/**
 * `<version>.<startedAt base 36>.<nonce>.<mac>`; the form's id is signed in, not carried. The
 * nonce keeps two openings in the same millisecond apart.
 */
export async function startToken(app: FastifyInstance, start: Start): Promise<string> {
  const head = `${start.version}.${start.startedAt.toString(36)}.${randomBytes(12).toString('base64url')}`;
  return `${head}.${mac(await formKey(app), `${start.formId}.${head}`).toString('base64url')}`;
}

/**
 * The start a token carries for this form, or null when it is not one the server signed for it.
 * A token without a nonce (handed out before nonces, on a page still open) is still read.
 */
export async function readStartToken(app: FastifyInstance, formId: string, token: string): Promise<ReadStart | null> {
  const match = /^(\d{1,6})\.([0-9a-z]{1,12})(\.[A-Za-z0-9_-]{16})?\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const head = `${match[1]}.${match[2]}${match[3] ?? ''}`;
  const given = Buffer.from(match[4]!, 'base64url');
  const want = mac(await formKey(app), `${formId}.${head}`);
  if (!sameSecret(given, want)) return null;
  return { formId, version: Number(match[1]), startedAt: parseInt(match[2]!, 36), key: match[4]! };
}

export async function ipHash(app: FastifyInstance, ip: string): Promise<string> {
  return createHmac('sha256', await formKey(app))
    .update(`ip:${ip}`)
    .digest('base64url')
    .slice(0, 32);
}
