/**
 * Access tokens are short-lived HS256 JWTs naming the user and the session; refresh tokens
 * are opaque random strings stored hashed (see sessions.ts for rotation).
 *
 * The HMAC is node:crypto's, computed in place (a few microseconds). Through WebCrypto (jose's
 * sign and verify) each one was a job on libuv's thread pool, the same four threads that run
 * the password hashes: under a burst of sign-ins every authenticated request waited behind the
 * queued scrypt runs (1.5 s behind eight of them), which made the API's slowest answers.
 * The tokens are byte for byte those jose made (same header and claim order), and verification
 * refuses what jwtVerify refused for our use: another alg, a crit header, a bad signature, a
 * non-numeric or past exp, a non-numeric iat, a future or non-numeric nbf.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from './same-secret';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: string;
}

export interface VerifiedClaims extends AccessClaims {
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** A base64url JSON object, or null. */
function decodeObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export class TokenService {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(secret, 'utf8');
  }

  private signature(signingInput: string): string {
    return createHmac('sha256', this.key).update(signingInput).digest('base64url');
  }

  async sign(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    const payload = { sid: claims.sid, role: claims.role, sub: claims.sub, iat, exp: iat + this.ttlSeconds };
    const input = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${input}.${this.signature(input)}`;
  }

  /** The claims of a valid token, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    if (typeof token !== 'string') return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [head, body, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.signature(`${head}.${body}`));
    const given = Buffer.from(signature);
    if (!sameSecret(given, expected)) return null;
    const header = decodeObject(head);
    if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
    const payload = decodeObject(body);
    if (!payload) return null;
    const now = Math.floor(this.now() / 1000);
    const { exp, iat, nbf } = payload;
    if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return null;
    if (iat !== undefined && (typeof iat !== 'number' || !Number.isFinite(iat))) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || !Number.isFinite(nbf) || nbf > now)) return null;
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid, role: String(payload.role ?? ''), expiresAt: exp * 1000 };
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newSecret(): string {
  return randomBytes(48).toString('base64url');
}
