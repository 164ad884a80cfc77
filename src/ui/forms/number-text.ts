/**
 * What a number field's text means, and nothing more: a number when it is one, the text as typed
 * when it is not (so the form's rules refuse it with a message instead of the field dropping it),
 * null when empty. Nothing is clamped, rounded or guessed: '150' is 150 for the schema's range
 * message to refuse, '1,5' is text (a decimal comma or a thousands comma? the person says which),
 * '1e3' is text (nobody types an exponent on purpose).
 */

/** What a number field hands its form. */
export type NumberValue = number | string | null;

/** Plain decimal digits with an optional minus and point: '12', '-3', '2.5', '.5', '12.'. */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** Thousands as an amount of money is written: '1,250' or '1,250.50' (never '1,5'). */
const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** Spaces around are not part of the number; a typographic minus (−, –) is a minus. */
const tidy = (text: string) => text.trim().replace(/^[\u2212\u2013]/, '-');

/** A plain number as typed ('12', ' 12 ', '-3', '2.5') → that number; other text as typed; '' → null. */
export function readNumber(text: string): NumberValue {
  const clean = tidy(text);
  if (clean === '') return null;
  return DECIMAL.test(clean) ? Number(clean) : text;
}

/** Dollars as people write them: a '$' sign and thousands commas are allowed ('$1,250.50', '-$3'). */
function dollarDigits(text: string): string | null {
  const clean = tidy(text).replace(/^(-?)\$\s*/, '$1');
  const plain = GROUPED.test(clean) ? clean.replace(/,/g, '') : clean;
  return DECIMAL.test(plain) ? plain : null;
}

/** An amount of dollars as typed → dollars ('$12.50' → 12.5); other text as typed; '' → null. */
export function readDollars(text: string): NumberValue {
  if (tidy(text) === '') return null;
  const digits = dollarDigits(text);
  return digits === null ? text : Number(digits);
}

/**
 * The decimal text times 100, by moving its point: '19.99' → 1999 exactly (no float product), and
 * '12.505' → 1250.5, which a whole-cents rule refuses instead of it being rounded to 1251.
 */
function shiftTwo(digits: string): number {
  const negative = digits.startsWith('-');
  const [whole = '', fraction = ''] = digits.replace('-', '').split('.');
  const padded = fraction.padEnd(2, '0');
  const moved = `${whole || '0'}${padded.slice(0, 2)}${padded.length > 2 ? `.${padded.slice(2)}` : ''}`;
  const value = Number(moved);
  return negative && value !== 0 ? -value : value;
}

/** An amount of dollars as typed → cents ('$12.50' → 1250, '-3' → -300); other text as typed; '' → null. */
export function readCents(text: string): NumberValue {
  if (tidy(text) === '') return null;
  const digits = dollarDigits(text);
  return digits === null ? text : shiftTwo(digits);
}

/**
 * A number shown in hundredths stored whole (dollars → cents, 8.25 % → 825 basis points), times
 * 100 through its decimal text: 19.99 → 1999 exactly, 8.255 → 825.5 (refused, not rounded).
 */
export function hundredths(value: number): number {
  const text = String(value);
  return DECIMAL.test(text) ? shiftTwo(text) : value * 100;
}

/** Whether a value the field holds is what its text already reads as (then the text stays as typed). */
export function sameNumberValue(a: NumberValue | undefined, b: NumberValue | undefined): boolean {
  const x = a ?? null;
  const y = b ?? null;
  return x === y || (typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y));
}

/** What a field shows for a value the form set (a reset, a record loaded). */
export const numberText = (value: NumberValue | undefined): string =>
  value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)) ? '' : String(value);

/** Text a person typed where a number belongs: the form answers "Enter a number", not a type error. */
export { isTypedText } from '../../domain/schemas/typed-number';

/**
 * What a money field shows for dollars the form set (a record loaded, a reset): cents always,
 * as the app writes money ('12.50', not '12.5'; formatUsd shows '$12.50' beside the field's '$').
 * A value that is not whole cents, or not a number, shows as numberText does.
 */
export const dollarsText = (value: NumberValue | undefined): string => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return numberText(value);
  // Whole cents only (12.345 stays as it is): then toFixed(2) rounds nothing.
  return Number.isSafeInteger(hundredths(value)) ? value.toFixed(2) : numberText(value);
};
