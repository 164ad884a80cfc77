/**
 * Access tokens are short-lived HS256 JWTs naming the user and the session; refresh tokens
 * are opaque random strings stored hashed (see sessions.ts for rotation).
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: string;
}

export interface VerifiedClaims extends AccessClaims {
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ sid: claims.sid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid token, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
        return null;
      }
      return { sub: payload.sub, sid: payload.sid, role: String(payload.role ?? ''), expiresAt: payload.exp * 1000 };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newSecret(): string {
  return randomBytes(48).toString('base64url');
}
