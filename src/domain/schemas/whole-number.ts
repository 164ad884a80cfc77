import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../field-messages';
import { typedNumberType } from './typed-number';
import { isAbsent } from './query-values';

/**
 * The number type of a whole-number field (an hourly limit, a cap per conversation): text typed
 * in it is "Enter a whole number, such as 12" — not "such as 12.5", which invites a decimal the
 * field then refuses. The server says it from this schema and the form keeps it (schema-rules.ts
 * gives other typed text the general "Enter a number"), so both say the same. Anything else that
 * is not a number (null, true) gets `otherwise`, the field's own message.
 */
export const wholeNumberType = (otherwise: string | ((input: unknown) => string)) =>
  typedNumberType(FIELD_MESSAGES.wholeNumberInvalid, otherwise);

/**
 * zod's number type reading text as its coercion does (Number(text)), except that a value not
 * given stays undefined: the coercion read undefined as NaN, so a year never sent was "Enter a
 * whole number", and '' as 0, a range message or a 0 taken without a word. Still the number type,
 * so the OpenAPI document shows an integer with its bounds and a z._default's default (a
 * z.pipe from a z.transform would drop the default from the document's input side).
 */
// Typed here because TypeScript checks a call to an assertion (init) only through a declared type.
const MiniNumber: z.core.$constructor<z.ZodMiniNumber<unknown>> = z.ZodMiniNumber;
const ParamNumber = z.core.$constructor<z.ZodMiniNumber<unknown>>('ParamNumber', (inst, def) => {
  MiniNumber.init(inst, def);
  const parseNumber = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    if (isAbsent(payload.value)) payload.value = undefined;
    else if (typeof payload.value === 'string') payload.value = Number(payload.value);
    return parseNumber(payload, ctx);
  };
});

/**
 * A whole number sent as text, in a query string or a path (page=2, month=11, a version): text
 * that is not one ('abc', '1.5') gets the message a whole-number field of a form gives, "Enter a
 * whole number, such as 12", not "Must be a number" or zod's own words; a value left out or sent
 * empty gets "This field is required", as a form's empty field. `checks` bound it, each with its
 * message. Wrapped in z.optional or z._default it is never handed undefined, so a page left out
 * is page 1; a query sent empty ('?page=') reads as left out (query-values.ts sentValues, which
 * the server applies to every query), so it is page 1 too, and a required one is refused as
 * required rather than read as 0.
 */
export const wholeNumberParam = (...checks: z.core.$ZodCheck<number>[]) =>
  z.core
    ._number(ParamNumber, {
      error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.fieldRequired : FIELD_MESSAGES.wholeNumberInvalid),
    })
    .check(z.int(FIELD_MESSAGES.wholeNumberInvalid), ...checks);
