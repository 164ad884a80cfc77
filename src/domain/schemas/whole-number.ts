import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../field-messages';
import { typedNumberType } from './typed-number';

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
 * A whole number sent as text, in a query string or a path (page=2, month=11, a version): text
 * that is not one ('abc', '1.5', '') gets the message a whole-number field of a form gives, "Enter
 * a whole number, such as 12", not "Must be a number" or zod's own words. `checks` bound it, each
 * with its message.
 */
export const wholeNumberParam = (...checks: z.core.$ZodCheck<number>[]) =>
  z.coerce
    .number({ error: FIELD_MESSAGES.wholeNumberInvalid })
    .check(z.int(FIELD_MESSAGES.wholeNumberInvalid), ...checks);
