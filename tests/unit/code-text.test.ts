// @vitest-environment node
/** What a one-time-code box keeps of a pasted code (src/ui/forms/code-text.ts). */
import { describe, expect, it } from 'vitest';
import { codeText, otpDigits, RECOVERY_CODE_MAX } from '../../src/ui/forms/code-text';

describe('otpDigits', () => {
  it('keeps the six digits of a code pasted with spaces around it, inside it or a newline after it', () => {
    expect(otpDigits(' 123456')).toBe('123456');
    expect(otpDigits('123456 \n')).toBe('123456');
    expect(otpDigits('123 456')).toBe('123456');
    expect(otpDigits('\t123-456 ')).toBe('123456');
  });

  it('caps at six digits once the rest is dropped', () => {
    expect(otpDigits('1234567')).toBe('123456');
    expect(otpDigits('abc')).toBe('');
  });
});

describe('codeText', () => {
  it('drops spaces before capping, so nothing of the code is cut', () => {
    expect(codeText(' 123456 ')).toBe('123456');
    expect(codeText('12a456')).toBe('12a456');
    expect(codeText('  abcde-fghjk\n', RECOVERY_CODE_MAX)).toBe('abcde-fghjk');
    expect(codeText('abcde-fghjkXYZ', RECOVERY_CODE_MAX)).toBe('abcde-fghjk');
  });
});
