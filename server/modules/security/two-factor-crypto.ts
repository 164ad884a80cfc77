/**
 * Encryption at rest of TOTP secrets (AES-256-GCM) and hashing of nonces and recovery codes.
 *
 * The key is derived (HKDF-SHA256) from the JWT signing secret: JWT_SECRET when it is set, so
 * the key lives outside the database and a copy of the database alone does not reveal any
 * secret; otherwise the secret generated into app_settings, which then only protects against a
 * leak of the two-factor tables on their own. Changing JWT_SECRET makes stored secrets
 * unreadable: those users sign in with a recovery code (hashed, not encrypted) and enable
 * two-factor again. The user id is bound in as associated data, so a ciphertext copied onto
 * another user's row does not decrypt.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appSettings } from '../../db/schema';
import { sha256 } from '../../auth/passwords';
import { normalizeRecoveryCode, TWO_FACTOR } from '../../../src/domain/schemas/two-factor';

const VERSION = 'v1';

export interface SecretBox {
  seal(plain: string, userId: string): string;
  /** The plain text, or null when the key changed or the value was tampered with. */
  open(sealed: string, userId: string): string | null;
}

async function signingSecret(app: FastifyInstance): Promise<string> {
  if (app.ctx.config.jwtSecret) return app.ctx.config.jwtSecret;
  const [row] = await app.ctx.database.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'jwt_secret'))
    .limit(1);
  if (!row) throw new Error('the JWT signing secret is not initialised');
  return row.value;
}

export async function createSecretBox(app: FastifyInstance): Promise<SecretBox> {
  const key = Buffer.from(
    hkdfSync('sha256', await signingSecret(app), 'backoffice', 'two-factor-secret-v1', 32) as ArrayBuffer,
  );
  return {
    seal(plain, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, userId) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** Nonces are random 256-bit values: a plain SHA-256 is enough to store them. */
export const nonceHash = (nonce: string) => sha256(`two-factor-nonce:${nonce}`);
export const newNonce = () => randomBytes(32).toString('base64url');

/** Recovery codes carry ~50 bits; salting with the user id keeps equal codes of two users apart. */
export const recoveryCodeHash = (userId: string, code: string) =>
  sha256(`two-factor-recovery:${userId}:${normalizeRecoveryCode(code)}`);

/** Letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `abcde-fghjk`: 10 characters from a 31-letter alphabet, ~49.5 bits each. */
export function newRecoveryCodes(count: number = TWO_FACTOR.recoveryCodeCount): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
