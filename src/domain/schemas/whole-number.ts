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
