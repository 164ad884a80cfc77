/**
 * The visitor token (the product brief, section 1: the visitor keeps the conversation across
 * visits in the same browser): `<visitorId>.<MAC>`, the MAC binding the visitor id to the
 * domain. The key is derived (HKDF-SHA256) from the server's signing secret under its own label,
 * as the door's pass key is (server/modules/reservations/door-pass.ts), so a visitor token is
 * never mistaken for any other signature. Nothing secret is in it; it proves only "this browser
 * started these conversations on this domain".
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../../src/domain/uuid';
import { derivedKey } from '../../auth/secret-box';
import { sameSecret } from '../../auth/same-secret';

const visitorKey = (app: FastifyInstance) => derivedKey(app, 'chat-visitor-v1');

const mac = (key: Buffer, visitorId: string, domainId: string) =>
  createHmac('sha256', key).update(`${visitorId}:${domainId}`).digest().subarray(0, 16);

export async function visitorToken(app: FastifyInstance, domainId: string, visitorId = randomUUID()) {
  const key = await visitorKey(app);
  return { visitorId, token: `${visitorId}.${mac(key, visitorId, domainId).toString('base64url')}` };
}

/** The visitor id a token proves for the domain, or null. */
export async function verifyVisitor(app: FastifyInstance, domainId: string, token: string | undefined) {
  if (!token || token.length > 100) return null;
  const [visitorId, sent] = token.split('.');
  if (!visitorId || !sent || !isUuid(visitorId)) return null;
  const expected = mac(await visitorKey(app), visitorId.toLowerCase(), domainId);
  const given = Buffer.from(sent, 'base64url');
  return sameSecret(given, expected) ? visitorId.toLowerCase() : null;
}
