// @vitest-environment node
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../src/domain/constants';
import { formatDate, formatDateTime, todayLocal } from '../../src/ui/format';
import { formatUsd, formatUsdOff } from '../../src/domain/money';

describe('formats of product brief section 9', () => {
  it('writes dates as MM/DD/YYYY and MM/DD/YYYY h:mm A', () => {
    expect(formatDate(new Date(2026, 0, 5, 14, 7))).toBe('01/05/2026');
    expect(formatDateTime(new Date(2026, 0, 5, 14, 7))).toBe('01/05/2026 2:07 PM');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('reads and writes every kind of date the API and forms give exactly as dayjs does with the brief’s formats', () => {
    const inputs = [
      '2026-11-29',
      '2026-02-03',
      '2026-11-29T23:30:00Z',
      '2026-11-29T00:15:00.123Z',
      '2026-11-29T12:00:00+05:30',
      '2026-11-29T12:00:00-08:00',
      '2026-11-29 21:30',
      '2026-11-29T09:05:07.250',
      '2026/11/29',
      '20261129',
      '0999-01-01',
      '',
      'soon',
      '2026-13-45',
      1764410400000,
      0,
      new Date(2026, 11, 31, 23, 59),
      new Date(2026, 6, 4, 0, 0),
      new Date(2026, 6, 4, 12, 0),
      new Date('invalid'),
    ];
    for (const input of inputs) {
      const d = dayjs(input);
      expect([input, formatDate(input)]).toEqual([input, d.isValid() ? d.format(DATE_FORMAT) : '']);
      expect([input, formatDateTime(input)]).toEqual([input, d.isValid() ? d.format(DATE_TIME_FORMAT) : '']);
    }
    expect(todayLocal()).toBe(dayjs().format('YYYY-MM-DD'));
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
