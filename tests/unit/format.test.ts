// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/ui/format';
import { formatUsd, formatUsdOff } from '../../src/domain/money';

describe('formats of product brief section 9', () => {
  it('writes dates as MM/DD/YYYY and MM/DD/YYYY h:mm A', () => {
    expect(formatDate(new Date(2026, 0, 5, 14, 7))).toBe('01/05/2026');
    expect(formatDateTime(new Date(2026, 0, 5, 14, 7))).toBe('01/05/2026 2:07 PM');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('writes cents as en-US dollars', () => {
    expect(formatUsd(1400)).toBe('$14.00');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('writes money taken off with a minus sign, and nothing taken off as $0.00, never −$0.00', () => {
    expect(formatUsdOff(250)).toBe('\u2212$2.50');
    expect(formatUsdOff(0)).toBe('$0.00');
    expect(formatUsdOff(-0)).toBe('$0.00');
    expect(formatUsdOff(123456, '-')).toBe('-$1,234.56');
  });
});
