/** The TOTP and secret-box building blocks on their own: RFC 6238 vectors, base32, encryption. */
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newTotpSecret,
  totpCode,
} from '../../server/modules/security/two-factor-totp';
import { newRecoveryCodes, recoveryCodeHash } from '../../server/modules/security/two-factor-crypto';
import { isRecoveryCode, isTotpCode } from '../../src/domain/schemas/two-factor';

// RFC 6238 appendix B, SHA-1 seed, last 6 of the 8 digits (HOTP truncation is modulo 10^digits).
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s the code is %s', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(expected);
  });

  it('matches RFC 4226 HOTP vectors', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('accepts one step either side and nothing further', () => {
    const now = 1111111111 * 1000;
    const step = Math.floor(now / 30_000);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, '12345', now)).toBeNull();
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
  });
});

describe('recovery codes', () => {
  it('are ten distinct dash-separated codes that the shared rule accepts, never taken for a TOTP code', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(isRecoveryCode(code)).toBe(true);
      expect(isRecoveryCode(code.toUpperCase().replace('-', ''))).toBe(true);
      expect(isTotpCode(code)).toBe(false);
    }
  });

  it('hash the same however they are typed, and differently per user', () => {
    expect(recoveryCodeHash('u1', 'abcde-fghjk')).toBe(recoveryCodeHash('u1', ' ABCDE FGHJK '));
    expect(recoveryCodeHash('u1', 'abcde-fghjk')).not.toBe(recoveryCodeHash('u2', 'abcde-fghjk'));
  });
});
