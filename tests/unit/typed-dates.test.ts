// @vitest-environment node
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../src/domain/constants';
import { DATE_INPUT_FORMATS, DATE_TIME_INPUT_FORMATS } from '../../src/ui/forms/typed-dates';

dayjs.extend(customParseFormat);

/** What antd's picker does with typed text: each format in turn, strictly, the first that reads it. */
const typed = (text: string, formats: string[]) => {
  for (const format of formats) {
    const date = dayjs(text, format, true);
    if (date.isValid()) return date.format('YYYY-MM-DD HH:mm');
  }
  return null;
};

describe('dates typed into a picker', () => {
  it('are shown in the brief’s formats (the first of each list)', () => {
    expect(DATE_INPUT_FORMATS[0]).toBe(DATE_FORMAT);
    expect(DATE_TIME_INPUT_FORMATS[0]).toBe(DATE_TIME_FORMAT);
    expect(new Set(DATE_TIME_INPUT_FORMATS).size).toBe(DATE_TIME_INPUT_FORMATS.length);
  });

  it('read a day with or without leading zeros', () => {
    for (const text of ['12/05/2026', '12/5/2026']) expect(typed(text, DATE_INPUT_FORMATS)).toBe('2026-12-05 00:00');
    for (const text of ['03/04/2027', '3/4/2027', '3/04/2027', '03/4/2027'])
      expect(typed(text, DATE_INPUT_FORMATS)).toBe('2027-03-04 00:00');
  });

  it('read a day typed with dashes, or pasted year first', () => {
    for (const text of ['12-20-2026', '2026-12-20']) expect(typed(text, DATE_INPUT_FORMATS)).toBe('2026-12-20 00:00');
    for (const text of ['3-4-2027', '03-04-2027', '2027-03-04'])
      expect(typed(text, DATE_INPUT_FORMATS)).toBe('2027-03-04 00:00');
    expect(typed('12-20-2026 9:30 AM', DATE_TIME_INPUT_FORMATS)).toBe('2026-12-20 09:30');
    expect(typed('2026-12-20 9:30 pm', DATE_TIME_INPUT_FORMATS)).toBe('2026-12-20 21:30');
    // A day first (20-12-2026) is no US date: refused, never read as another day.
    expect(typed('20-12-2026', DATE_INPUT_FORMATS)).toBeNull();
    expect(typed('2026-02-30', DATE_INPUT_FORMATS)).toBeNull();
  });

  it('read a time with or without the hour’s leading zero, AM/PM in either case', () => {
    for (const text of ['01/01/2027 2:00 AM', '01/01/2027 02:00 AM', '1/1/2027 2:00 am', '01/01/2027 02:00 am'])
      expect(typed(text, DATE_TIME_INPUT_FORMATS)).toBe('2027-01-01 02:00');
    expect(typed('12/31/2026 10:00 pm', DATE_TIME_INPUT_FORMATS)).toBe('2026-12-31 22:00');
  });

  it('still refuse what is no date: February 30th, a 13th month, words', () => {
    expect(typed('02/30/2027', DATE_INPUT_FORMATS)).toBeNull();
    expect(typed('13/01/2027', DATE_INPUT_FORMATS)).toBeNull();
    expect(typed('tomorrow', DATE_INPUT_FORMATS)).toBeNull();
    expect(typed('01/01/2027 13:00 PM', DATE_TIME_INPUT_FORMATS)).toBeNull();
  });
});
