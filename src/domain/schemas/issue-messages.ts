import type * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';

const WHOLE_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64']);
interface Formatted {
  _zod?: { def?: { format?: string; checks?: Formatted[] } };
}

/** z.int(), or a number checked with z.int(): text there asks for a whole number, not "12.5". */
function wholeNumberSchema(inst: unknown): boolean {
  const def = (inst as Formatted | undefined)?._zod?.def;
  if (!def) return false;
  return (
    WHOLE_FORMATS.has(def.format ?? '') || (def.checks ?? []).some((c) => WHOLE_FORMATS.has(c._zod?.def?.format ?? ''))
  );
}

/**
 * The app's message for a zod issue whose schema names none: what the server answers a request
 * of the wrong shape (text where a number goes, a list where an object goes, a value not in an
 * enum, a string past a declared maximum) instead of zod's English ('Invalid input: expected
 * string, received number', 'Invalid option: expected one of "all"|"any"'). Each is a message of
 * the catalogue, so the screens show it in the reader's language (`messages.<code>`). A schema's
 * or a check's own message always wins over this (zod asks a schema first); the server installs
 * it as zod's error map for every parse (server/http/validation.ts).
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      // Left out (or null where a value is needed): the form's empty field.
      if (issue.input === undefined || issue.input === null) return MESSAGES.fieldRequired;
      switch (issue.expected) {
        case 'string':
          return MESSAGES.mustBeText;
        case 'int':
          return MESSAGES.wholeNumberInvalid;
        case 'number':
        case 'bigint':
          return wholeNumberSchema(issue.inst) ? MESSAGES.wholeNumberInvalid : MESSAGES.numberInvalid;
        case 'boolean':
          return MESSAGES.mustBeBoolean;
        case 'date':
          return MESSAGES.dateInvalid;
        default:
          return MESSAGES.invalidValue;
      }
    }
    case 'invalid_value':
      return issue.values.length > 1 ? MESSAGES.optionInvalid : MESSAGES.invalidValue;
    case 'invalid_union':
      // A discriminated union's key not among its values ('mode' neither 'now' nor 'at').
      return 'options' in issue && Array.isArray(issue.options) && issue.options.length
        ? MESSAGES.optionInvalid
        : MESSAGES.invalidValue;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return formatMessage('textTooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return formatMessage('tooManyItems', { max });
      if ((issue.origin === 'number' || issue.origin === 'int') && issue.inclusive !== false)
        return formatMessage('tooLarge', { max });
      return MESSAGES.invalidValue;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? MESSAGES.fieldRequired : formatMessage('textTooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? MESSAGES.fieldRequired : MESSAGES.invalidValue;
      if ((issue.origin === 'number' || issue.origin === 'int') && issue.inclusive !== false)
        return formatMessage('tooSmall', { min });
      return MESSAGES.invalidValue;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return MESSAGES.emailInvalid;
        case 'url':
          return MESSAGES.urlInvalid;
        case 'date':
        case 'datetime':
        case 'time':
          return MESSAGES.dateInvalid;
        default:
          return MESSAGES.invalidValue;
      }
    default:
      return MESSAGES.invalidValue;
  }
}
