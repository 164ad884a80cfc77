/**
 * Encryption at rest of TOTP secrets and hashing of nonces and recovery codes.
 *
 * The secrets are sealed by the server's one secret box (server/auth/secret-box.ts: AES-256-GCM,
 * a key derived from the JWT signing secret) under the purpose 'two-factor-secret-v1', bound to
 * the user id. Changing JWT_SECRET makes stored secrets unreadable: those users sign in with a
 * recovery code (hashed, not encrypted) and enable two-factor again.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createSecretBox as secretBoxFor, type SecretBox } from '../../auth/secret-box';
import { sha256 } from '../../auth/passwords';
import { normalizeRecoveryCode, TWO_FACTOR } from '../../../src/domain/schemas/two-factor';

export type { SecretBox };

/** The two-factor box; `boundTo` is the user id. The purpose is the key's HKDF info since v1: never change it. */
export const createSecretBox = (app: FastifyInstance): Promise<SecretBox> => secretBoxFor(app, 'two-factor-secret-v1');

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
