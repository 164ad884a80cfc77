// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sameSecret } from '../../../server/auth/same-secret';

describe('sameSecret', () => {
  const hash = 'a3f1c9d2e4b5a6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1';

  it('matches the same secret, as text or as bytes', () => {
    expect(sameSecret(hash, `${hash}`)).toBe(true);
    expect(sameSecret(Buffer.from(hash, 'hex'), Buffer.from(hash, 'hex'))).toBe(true);
  });

  it('refuses a secret of the same length that differs, first or last byte', () => {
    expect(sameSecret(`b${hash.slice(1)}`, hash)).toBe(false);
    expect(sameSecret(`${hash.slice(0, -1)}0`, hash)).toBe(false);
  });

  it('refuses a different length without throwing (a prefix, a longer guess)', () => {
    expect(sameSecret(hash.slice(0, 10), hash)).toBe(false);
    expect(sameSecret(`${hash}0`, hash)).toBe(false);
    expect(sameSecret(Buffer.alloc(31), Buffer.alloc(32))).toBe(false);
  });

  it('an empty secret matches nothing, not even another empty one', () => {
    expect(sameSecret('', '')).toBe(false);
    expect(sameSecret('', hash)).toBe(false);
    expect(sameSecret(hash, '')).toBe(false);
    expect(sameSecret(Buffer.alloc(0), Buffer.alloc(0))).toBe(false);
  });
});
