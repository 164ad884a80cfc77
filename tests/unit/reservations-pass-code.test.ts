// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PASS_CODE_ALPHABET,
  formatPassCode,
  isPassCodeShape,
  newPassCode,
  normalisePassCode,
} from '../../src/domain/reservations/pass-code';

describe('pass codes', () => {
  it('are ten symbols of the alphabet, different each time', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newPassCode(randomBytes);
      expect(isPassCodeShape(code)).toBe(true);
      codes.add(code);
    }
    expect(codes.size).toBe(2000);
  });

  it('maps each byte to a symbol by its low five bits', () => {
    const bytes = Uint8Array.from([0, 1, 31, 32, 255, 10, 17, 18, 26, 27]);
    expect(newPassCode(() => bytes)).toBe('01Z0ZAHJTV');
    expect(PASS_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('normalise what the door typed: dashes, spaces, case and misread letters', () => {
    expect(normalisePassCode(' k7qd-m2xp 9r ')).toBe('K7QDM2XP9R');
    expect(normalisePassCode('o1il-0000-00')).toBe('0111000000');
    expect(isPassCodeShape(normalisePassCode('K7QD-M2XP-9U'))).toBe(false);
    expect(isPassCodeShape('K7QD')).toBe(false);
  });

  it('show grouped four, four, two', () => {
    expect(formatPassCode('K7QDM2XP9R')).toBe('K7QD-M2XP-9R');
  });
});
