/**
 * The signed pass a guest carries: a reservation's or an event ticket's pass code, with its
 * kind, signed with HMAC-SHA256 so the door can tell a scanned QR it issued from a forged one
 * before it touches the database. The token is what the QR and the public ticket page's link
 * carry; the bare code stays typeable at the door for when a camera cannot read the QR.
 *
 * The key is derived (HKDF-SHA256) from the JWT signing secret — JWT_SECRET when set, else the
 * secret generated into app_settings on first run — under its own label, so a pass token can
 * never be confused with any other signature the server makes. Changing the secret voids
 * every issued QR (the typed code still works).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { derivedKey } from '../../auth/secret-box';
import { sameSecret } from '../../auth/same-secret';
import { publicOrigin } from '../../http/public-origin';

export type PassKind = 'reservation' | 'ticket';

export interface Pass {
  kind: PassKind;
  code: string;
}

/** One letter per kind inside the token, to keep the QR small. */
const KIND_LETTER: Record<PassKind, string> = { reservation: 'r', ticket: 't' };
const LETTER_KIND: Record<string, PassKind> = { r: 'reservation', t: 'ticket' };

/** 128 bits of the MAC: forging one is out of reach, and the QR stays a low version. */
const MAC_BYTES = 16;

/** The pass key of this app, derived once (the secret never changes while it runs). */
const passKey = (app: FastifyInstance) => derivedKey(app, 'door-pass-v1');

function mac(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
}

/** Signs a pass: `<base64url(kind letter + code)>.<base64url(mac)>`. */
export async function passToken(app: FastifyInstance, pass: Pass): Promise<string> {
  const body = KIND_LETTER[pass.kind] + pass.code;
  return `${Buffer.from(body).toString('base64url')}.${mac(await passKey(app), body).toString('base64url')}`;
}

/** The pass a token carries, or null when it is malformed or its signature does not match. */
export async function verifyPassToken(app: FastifyInstance, token: string): Promise<Pass | null> {
  const match = /^([A-Za-z0-9_-]{2,200})\.([A-Za-z0-9_-]{10,60})$/.exec(token.trim());
  if (!match) return null;
  const body = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  const kind = LETTER_KIND[body.charAt(0)];
  const code = body.slice(1);
  if (!kind || !code) return null;
  const expected = mac(await passKey(app), body);
  if (!sameSecret(given, expected)) return null;
  return { kind, code };
}

/** The public ticket page of a pass: APP_URL when configured, else the origin the caller used. */
export async function passLink(app: FastifyInstance, request: FastifyRequest | null, pass: Pass): Promise<string> {
  return `${publicOrigin(app.ctx.config, request)}/ticket/${await passToken(app, pass)}`;
}
