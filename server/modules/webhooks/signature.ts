/**
 * How a delivery is signed, so a receiver can tell it came from us and is fresh:
 * `Webhook-Signature: v1=<hex HMAC-SHA256 of "<Webhook-Timestamp>.<raw body>", keyed with the
 * endpoint's secret (the whole "whsec_…" text)>`. The timestamp is Unix seconds; receivers
 * should refuse one more than a few minutes old. Described to owners on the endpoint page and in
 * /docs.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../auth/same-secret';

export const SIGNATURE_VERSION = 'v1';

/** A new signing secret: 32 random bytes, recognisable by its prefix. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The `Webhook-Signature` header value for this body sent at this timestamp (Unix seconds). */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  const hex = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `${SIGNATURE_VERSION}=${hex}`;
}

/** What a receiver does (and the tests do): recompute and compare in constant time. */
export function verifyDelivery(secret: string, timestamp: string, body: string, header: string): boolean {
  const expected = Buffer.from(signDelivery(secret, Number(timestamp), body));
  const given = Buffer.from(header);
  return /^\d+$/.test(timestamp) && sameSecret(given, expected);
}
