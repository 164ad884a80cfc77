/**
 * The OAuth `state` the login dialog carries to Facebook and back: it ties the answer to the
 * owner and business that asked, to the redirect address the code was issued for (the token
 * exchange must repeat it exactly), and to a time, so a code cannot be handed to another
 * account's session or replayed hours later. HMAC-SHA256 under a key derived from the server's
 * signing secret with its own label (as the campaigns' links are: campaigns/tokens.ts).
 *
 * `<base64url JSON claims>.<base64url 16-byte MAC>`; the claims are not secret, only signed.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { derivedKey } from '../../auth/secret-box';
import { sameSecret } from '../../auth/same-secret';

/** How long the owner may take on Facebook's dialog before the answer is refused. */
export const STATE_TTL_MS = 15 * 60_000;

export interface StateClaims {
  userId: string;
  businessId: string;
  redirectUri: string;
  issuedAt: number;
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);

export function signState(key: Buffer, claims: StateClaims): string {
  const body = Buffer.from(
    JSON.stringify({
      u: claims.userId,
      b: claims.businessId,
      r: claims.redirectUri,
      t: claims.issuedAt,
      // Two connects in the same millisecond still get different states.
      n: randomBytes(8).toString('base64url'),
    }),
  ).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

export type StateCheck = { ok: true; claims: StateClaims } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * The claims of a state this server signed for this caller, or why not: 'invalid' for a state
 * not signed here, changed, or signed for another user or business; 'expired' past STATE_TTL_MS.
 */
export function readState(
  key: Buffer,
  state: string,
  caller: { userId: string; businessId: string },
  now: number,
): StateCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const match = /^([A-Za-z0-9_-]{1,800})\.([A-Za-z0-9_-]{22})$/.exec(state);
  if (!match) return invalid;
  const given = Buffer.from(match[2]!, 'base64url');
  const want = mac(key, match[1]!);
  if (!sameSecret(given, want)) return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  if (typeof parsed !== 'object' || parsed === null) return invalid;
  const { u, b, r, t } = parsed as Record<string, unknown>;
  if (typeof u !== 'string' || typeof b !== 'string' || typeof r !== 'string' || typeof t !== 'number') return invalid;
  if (u !== caller.userId || b !== caller.businessId) return invalid;
  // A state from the future is one this clock never issued.
  if (t > now + 60_000) return invalid;
  if (now - t > STATE_TTL_MS) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { userId: u, businessId: b, redirectUri: r, issuedAt: t } };
}

/** The state key of this server (derived once per app). */
export const stateKey = (app: FastifyInstance) => derivedKey(app, 'facebook-oauth-state-v1');
