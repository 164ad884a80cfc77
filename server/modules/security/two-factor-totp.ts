/**
 * TOTP (RFC 6238 over RFC 4226 HOTP: HMAC-SHA1, 6 digits, 30-second steps) with node:crypto.
 * It is ~40 lines, so no library: the parameters are the ones every authenticator app assumes.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../auth/same-secret';
import { TWO_FACTOR } from '../../../src/domain/schemas/two-factor';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: the secret format of otpauth:// URIs. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret (the size RFC 4226 recommends for SHA-1), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The 30-second time step a moment (ms) falls in. */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TWO_FACTOR.stepSeconds);
}

/** RFC 4226 HOTP value of one counter. */
export function hotp(secret: Buffer, counter: number, digits: number = TWO_FACTOR.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an app shows for `secret` (base32) at `nowMs`. Tests use it too. */
export function totpCode(secret: string, nowMs: number): string {
  return hotp(base32Decode(secret), timeStep(nowMs));
}

/**
 * The time step `code` is valid for within ±skew steps of now, newest first, or null. Every
 * candidate is compared in constant time so timing does not tell which step was close.
 */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const key = base32Decode(secret);
  const current = timeStep(nowMs);
  const given = Buffer.from(code.padEnd(TWO_FACTOR.digits, ' ').slice(0, TWO_FACTOR.digits));
  let found: number | null = null;
  for (let step = current + TWO_FACTOR.skewSteps; step >= current - TWO_FACTOR.skewSteps; step--) {
    const equal = sameSecret(given, hotp(key, step));
    if (equal && found === null) found = step;
  }
  return found;
}

/** The otpauth:// URI authenticator apps scan (Key Uri Format). */
export function otpauthUri(secret: string, accountName: string): string {
  const issuer = TWO_FACTOR.issuer;
  const label = encodeURIComponent(`${issuer}:${accountName}`);
  // encodeURIComponent, not URLSearchParams: some apps show a '+' for a space literally.
  const params = Object.entries({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TWO_FACTOR.digits),
    period: String(TWO_FACTOR.stepSeconds),
  })
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `otpauth://totp/${label}?${params}`;
}
