/**
 * The one evaluator of a filled-in form, run by the public renderer as the person types and by
 * the server on the submission (the product brief's form builder: conditional show and
 * required-if evaluated by one pure function on client and server). It says which fields are
 * shown, which are required, each field's error, and the answers as they are stored: only the
 * shown fields', trimmed, a phone as E.164, a number as a number.
 *
 * Strict (the server): an answer to a field the form does not have, or to a field its conditions
 * hide, is an error, so a forged hidden answer is refused instead of being stored.
 */
import { isCalendarDay } from '../calendar-day';
import { formatMessage, MESSAGES } from '../messages';
import { normalizePhone } from '../phone';
import { compilePattern, TEXT_LIMITS, TEXT_TYPES, type Condition, type FormField } from './definition';
import { isUuid } from '../uuid';

export type AnswerValue = string | number | boolean | string[];
export type Answers = Readonly<Record<string, unknown>>;

export interface Evaluation {
  /** Keys of the fields shown (a hidden-type field counts as shown: it is answered from the URL). */
  visible: string[];
  /** Keys of the shown fields that must be answered. */
  required: string[];
  /** One message per field key. */
  errors: Record<string, string>;
  /** The answers to keep, by key: shown fields only, normalised, empty ones left out. */
  values: Record<string, AnswerValue>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A file field's answer: the id of the upload (the server then checks it is this field's own). */

/** Nothing given: no value, blank text, no choice, an unticked box. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Whether a condition holds on the answers kept so far (a hidden field's answer is empty). */
export function conditionHolds(cond: Condition, values: Readonly<Record<string, AnswerValue>>): boolean {
  const value = values[cond.field];
  if (cond.op === 'filled') return !isEmpty(value);
  if (cond.op === 'empty') return isEmpty(value);
  const matches = Array.isArray(value)
    ? value.includes(cond.value)
    : String(value ?? (cond.value === 'false' ? false : '')) === cond.value;
  return cond.op === 'equals' ? matches : !matches;
}

type Checked = { value: AnswerValue } | { error: string };

/**
 * The longest answer a typed field takes: a text type's max within its type's limit, an email's or
 * a phone's limit; undefined for the others. The check below refuses past it, and the public
 * form's inputs stop typing there (maxLength), as the generated forms do.
 */
export function answerMaxLength(f: Pick<FormField, 'type' | 'max'>): number | undefined {
  const limit = TEXT_LIMITS[f.type];
  if (limit === undefined) return undefined;
  return TEXT_TYPES.includes(f.type) && f.max != null ? Math.min(f.max, limit) : limit;
}

const lengthRule = (text: string, f: FormField): string | null => {
  if (f.min != null && text.length < f.min) return formatMessage('textTooShort', { min: f.min });
  const max = answerMaxLength(f) ?? f.max ?? Infinity;
  if (text.length > max) return formatMessage('textTooLong', { max });
  if (f.pattern && !compilePattern(f.pattern, f.type)?.test(text)) return MESSAGES.formPatternMismatch;
  return null;
};

/** One non-empty answer checked against its field. */
function checkValue(f: FormField, raw: unknown): Checked {
  switch (f.type) {
    case 'checkbox':
      return raw === true || raw === false ? { value: raw } : { error: MESSAGES.mustBeBoolean };
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(n) || (typeof raw === 'string' && !/^-?\d+(\.\d+)?$/.test(raw.trim())))
        return { error: MESSAGES.numberInvalid };
      if (f.min != null && n < f.min) return { error: formatMessage('tooSmall', { min: f.min }) };
      if (f.max != null && n > f.max) return { error: formatMessage('tooLarge', { max: f.max }) };
      return { value: n };
    }
    case 'multiSelect': {
      if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string' || !f.options.includes(v)))
        return { error: MESSAGES.optionInvalid };
      const picked = f.options.filter((o) => raw.includes(o));
      if (f.min != null && picked.length < f.min) return { error: formatMessage('formChooseAtLeast', { min: f.min }) };
      if (f.max != null && picked.length > f.max) return { error: formatMessage('tooManyItems', { max: f.max }) };
      return { value: picked };
    }
    default:
      break;
  }
  if (typeof raw !== 'string') return { error: MESSAGES.mustBeText };
  const text = raw.trim();
  switch (f.type) {
    case 'file':
      return isUuid(text) ? { value: text.toLowerCase() } : { error: MESSAGES.formFileInvalid };
    case 'select':
      return f.options.includes(text) ? { value: text } : { error: MESSAGES.optionInvalid };
    case 'date':
      return isCalendarDay(text) ? { value: text } : { error: MESSAGES.dateInvalid };
    case 'phone': {
      const e164 = text.length <= TEXT_LIMITS.phone! ? normalizePhone(text) : null;
      return e164 ? { value: e164 } : { error: MESSAGES.phoneInvalid };
    }
    case 'email':
      return EMAIL.test(text) && text.length <= TEXT_LIMITS.email! ? { value: text } : { error: MESSAGES.emailInvalid };
    default: {
      const error = lengthRule(text, f);
      return error ? { error } : { value: text };
    }
  }
}

export function evaluateForm(
  fields: readonly FormField[],
  answers: Answers,
  { strict = false }: { strict?: boolean } = {},
): Evaluation {
  const out: Evaluation = { visible: [], required: [], errors: {}, values: {} };
  // Conditions look only at fields above (definition.ts), so one pass in order is enough.
  for (const f of fields) {
    const raw = answers[f.key];
    if (f.showIf && !conditionHolds(f.showIf, out.values)) {
      if (strict && !isEmpty(raw)) out.errors[f.key] = MESSAGES.formFieldNotShown;
      continue;
    }
    out.visible.push(f.key);
    const required = f.required || (f.requiredIf ? conditionHolds(f.requiredIf, out.values) : false);
    if (required) out.required.push(f.key);
    if (isEmpty(raw)) {
      if (required) out.errors[f.key] = MESSAGES.fieldRequired;
      continue;
    }
    const checked = checkValue(f, raw);
    if ('error' in checked) out.errors[f.key] = checked.error;
    else out.values[f.key] = checked.value;
  }
  if (strict) {
    const known = new Set(fields.map((f) => f.key));
    for (const key of Object.keys(answers)) if (!known.has(key)) out.errors[key] = MESSAGES.formFieldUnknown;
  }
  return out;
}

/**
 * A hidden-type field's answers from the public link's URL parameters. A value its field refuses
 * (longer than it takes, off its pattern) is left out: the person cannot see or mend it, and it
 * would otherwise keep the form from being sent at all.
 */
export function answersFromUrl(fields: readonly FormField[], params: URLSearchParams): Record<string, string> {
  const found: Record<string, string> = {};
  for (const f of fields) {
    const value = f.type === 'hidden' && f.param ? params.get(f.param) : null;
    if (value && !('error' in checkValue(f, value))) found[f.key] = value;
  }
  return found;
}
