import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../field-messages';

/** Text a person typed where a number belongs ('abc', '1,5'): their words, not a missing value. */
export const isTypedText = (input: unknown): input is string => typeof input === 'string' && input.trim() !== '';

/**
 * The number type of a field that says what to type when text arrives in it ('abc', '1,5': a
 * number field hands on what it cannot read as typed): `typed`, the field's own "Enter a whole
 * number, such as 12" or "Enter an amount in dollars and cents, such as 12.50". Anything else
 * that is not a number (null, true) gets `otherwise`. The server answers from the schema that
 * the form checks with, so both say the same without either rewriting the other's message.
 */
export const typedNumberType = (typed: string, otherwise: string | ((input: unknown) => string)) =>
  z.number({
    error: (issue) =>
      isTypedText(issue.input) ? typed : typeof otherwise === 'string' ? otherwise : otherwise(issue.input),
  });

/**
 * The number type of a field that takes decimals (a price, miles, a temperature, a form's bound):
 * text typed in it is "Enter a number, such as 12 or 12.5", on the server and in the form alike,
 * from this schema; anything else that is not a number (null, true) gets `otherwise`, the field's
 * own message. A whole-number field takes wholeNumberType instead (whole-number.ts).
 */
export const decimalNumberType = (otherwise: string | ((input: unknown) => string)) =>
  typedNumberType(FIELD_MESSAGES.numberInvalid, otherwise);
