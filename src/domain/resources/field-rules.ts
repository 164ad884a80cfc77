/**
 * Validation of a declared resource's records, built from its field declarations with zod/mini.
 * The same schema validates the client's form and the server's request body, so both show the
 * same messages: a refused field reads the same in the form and in the API's answer.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { formatUsd } from '../money';
import { isCalendarInstant } from '../calendar-day';
import { newPasswordField } from '../schemas/common';
import { isValidPhone, normalizePhone } from '../phone';
import { CARD } from '../constants';
import type { FieldDeclaration, ResourceDeclaration } from './types';
import { imageValueSchema } from './image';
import { recordIdSchema } from '../schemas/record-id';
import { decimalNumberType, typedNumberType } from '../schemas/typed-number';
import { oneLine } from '../schemas/one-line';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The most items a multi-reference field takes when its declaration gives no max. */
export const REFERENCES_LIMIT = 20;

/**
 * Whether a value is "nothing given". Text of spaces alone is nothing, except in a password: its
 * spaces are characters, so eight of them are a password checked by newPasswordField's rule (too
 * weak), as every other form that sets one says, not a missing one.
 */
export function isEmptyValue(value: unknown, field?: Pick<FieldDeclaration, 'type'>): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && (field?.type === 'password' ? value : value.trim()) === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

const textLike = new Set(['string', 'text', 'markdown', 'email', 'phone', 'url', 'zip']);

/** The rule for one present, non-empty value (emptiness is decided by the record schema). */
/** The largest whole number an integer or money field holds (its column is a 4-byte integer). */
export const INTEGER_LIMIT = 2_000_000_000;

/** At most 3 decimals, read from the number's own shortest text (8.875 yes; 8.8751 and 1e-7 no). */
const THREE_DECIMALS = /^\d+(\.\d{1,3})?$/;

/**
 * A percent as typed, 0–100 with at most 3 decimals (a US sales tax: 8.875): one message for
 * every way it is wrong, typed text too. The engine's percent fields and the invoice settings'
 * default tax rate check with this, in the form and on the server; stored exactly (numeric(6,3)).
 */
export const percentSchema = z.number({ error: MESSAGES.percentInvalid }).check(
  z.gte(0, MESSAGES.percentInvalid),
  z.lte(100, MESSAGES.percentInvalid),
  z.refine((v) => THREE_DECIMALS.test(String(v)), MESSAGES.percentInvalid),
);

/**
 * Hours in quarter hours (0.25, 1.5, 2.75) from `min` to `max`: a booking's length in whole
 * minutes and at most 2 decimals, stored exactly (numeric(5,2)). × 4 is exact for a double, so a
 * quarter is checked without rounding. Text typed in it is "Enter a number" (hours take 2.5).
 */
export function hoursSchema(min = 0.25, max = 24): z.ZodMiniType<number> {
  return decimalNumberType(MESSAGES.mustBeNumber).check(
    z.refine((v) => Number.isInteger(v * 4), MESSAGES.quarterHoursInvalid),
    z.gte(min, formatMessage('tooSmall', { min })),
    z.lte(max, formatMessage('tooLarge', { max })),
  );
}

/** At most 2 decimals, read from the number's own shortest text (6.5 and 2.25 yes; 2.255 and 1e-7 no). */
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/** The most a quantity field holds when its declaration gives no max (its column is numeric(12,2)). */
export const QUANTITY_LIMIT = 1_000_000;

/**
 * A quantity as typed, above 0 and up to `max`, with at most 2 decimals (6.5 hours of labor, 2.25
 * gallons): one message for every way it is wrong, typed text too, in the form and on the server;
 * stored exactly (numeric(12,2)). Its money is quantity × unit price rounded half-up to the cent once
 * (src/domain/money.ts quantityTimesCents).
 */
export function quantitySchema(max = QUANTITY_LIMIT): z.ZodMiniType<number> {
  const message = formatMessage('quantityInvalid', { max: max.toLocaleString('en-US') });
  return z.number({ error: message }).check(
    z.gt(0, message),
    z.lte(max, message),
    z.refine((v) => TWO_DECIMALS.test(String(v)), message),
  );
}

export function valueSchema(field: FieldDeclaration): z.ZodMiniType {
  if (textLike.has(field.type)) {
    const checks: z.core.$ZodCheck<string>[] = [];
    if (field.min !== undefined) checks.push(z.minLength(field.min, formatMessage('textTooShort', { min: field.min })));
    const max = field.max ?? (field.type === 'text' || field.type === 'markdown' ? 10_000 : 200);
    checks.push(z.maxLength(max, formatMessage('textTooLong', { max })));
    if (field.oneLine) checks.push(oneLine());
    if (field.type === 'email') checks.push(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MESSAGES.emailInvalid));
    if (field.type === 'phone') checks.push(z.refine<string>(isValidPhone, MESSAGES.phoneInvalid));
    if (field.type === 'url') checks.push(z.regex(/^https?:\/\/[^\s.]+\.[^\s]+$/i, MESSAGES.urlInvalid));
    // The card form's ZIP rule and messages (product brief section 5).
    if (field.type === 'zip') {
      checks.push(z.regex(/^\d*$/, MESSAGES.onlyDigits));
      checks.push(z.refine<string>((v) => !/^\d*$/.test(v) || v.length === CARD.zipLength, MESSAGES.exactlyFiveDigits));
    }
    const base = z.pipe(
      z.string({ error: MESSAGES.mustBeText }),
      z.transform((v: string) => v.trim()),
    );
    const checked = z.string().check(...checks);
    if (field.type === 'email') {
      return z.pipe(
        z.pipe(base, checked),
        z.transform((v: string) => v.toLowerCase()),
      );
    }
    // Phones are kept as E.164 whatever way they were typed (one stored form, shown nationally).
    if (field.type === 'phone') {
      return z.pipe(
        z.pipe(base, checked),
        z.transform((v: string) => normalizePhone(v)!),
      );
    }
    return z.pipe(base, checked);
  }
  switch (field.type) {
    case 'integer':
    case 'money': {
      // Money is typed in dollars and kept in cents: its limits are said in dollars ($100,000.00,
      // not 10000000) and a third decimal is named for what it is, not 'a whole number'.
      const money = field.type === 'money';
      const shown = (n: number) => (money ? formatUsd(n) : n);
      const checks: z.core.$ZodCheck<number>[] = [z.int(money ? MESSAGES.amountInvalid : MESSAGES.mustBeInteger)];
      const min = field.min ?? (money ? 0 : undefined);
      if (min !== undefined) checks.push(z.gte(min, formatMessage('tooSmall', { min: shown(min) })));
      const max = field.max ?? INTEGER_LIMIT;
      checks.push(z.lte(max, formatMessage('tooLarge', { max: shown(max) })));
      // Text typed in it asks for what the field takes: a whole number, or dollars and cents.
      const typed = money ? MESSAGES.amountInvalid : MESSAGES.wholeNumberInvalid;
      return typedNumberType(typed, MESSAGES.mustBeNumber).check(...checks);
    }
    case 'boolean':
      return z.boolean({ error: MESSAGES.mustBeBoolean });
    case 'date':
      return z.string({ error: MESSAGES.dateInvalid }).check(z.refine(validDate, MESSAGES.dateInvalid));
    case 'datetime':
      return z.string({ error: MESSAGES.dateInvalid }).check(z.refine(isCalendarInstant, MESSAGES.dateInvalid));
    case 'enum':
      return z
        .string({ error: MESSAGES.optionInvalid })
        .check(z.refine((v) => (field.options ?? []).includes(v), MESSAGES.optionInvalid));
    case 'reference':
      // Not an id at all: the one message (record-id.ts); an id of no record the caller may
      // pick is the server's referenceMissing.
      return recordIdSchema;
    case 'time':
      return z.string({ error: MESSAGES.timeInvalid }).check(z.regex(TIME, MESSAGES.timeInvalid));
    case 'image':
      // A picked file within the rules; a picture never arrives as text (image.ts).
      return imageValueSchema;
    case 'references': {
      // A list of ids, each shaped like a reference; the same id twice counts once.
      const max = field.max ?? REFERENCES_LIMIT;
      return z.pipe(
        z
          .array(recordIdSchema, { error: MESSAGES.referenceMissing })
          .check(z.refine((ids: string[]) => new Set(ids).size <= max, formatMessage('tooManyItems', { max }))),
        z.transform((ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))]),
      );
    }
    case 'password':
      return newPasswordField;
    case 'percent':
      return percentSchema;
    case 'hours':
      return hoursSchema(field.min, field.max);
    case 'quantity':
      return quantitySchema(field.max);
    default:
      return z.unknown();
  }
}

export type FormMode = 'create' | 'update';

/** Fields a form (and the matching request body) may carry in this mode. */
export function formFields(
  resource: Pick<ResourceDeclaration, 'fields'>,
  mode: FormMode,
): [string, FieldDeclaration][] {
  return Object.entries(resource.fields).filter(([, field]) => {
    // A computed value is the server's to give (types.ts, FieldDeclaration.computed).
    if (field.computed) return false;
    const form = field.form ?? true;
    return form === true || (form === 'create' && mode === 'create') || (form === 'edit' && mode === 'update');
  });
}

/** The most rows a `lines` field takes when its declaration gives no max. */
export const LINES_LIMIT = 100;

/**
 * A `lines` field's rows, each checked like a new record of its row fields (defaults, required,
 * unknown keys refused). Errors are keyed `<field>.<row index>.<column>` (the form's Form.List
 * path), or `<field>` for the list itself; the value has every declared column in order.
 */
function validateLines(
  key: string,
  field: FieldDeclaration,
  raw: unknown,
  errors: Record<string, string>,
): Record<string, unknown>[] | undefined {
  const spec = field.lines ?? { fields: {} };
  if (!Array.isArray(raw) || raw.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
    errors[key] = MESSAGES.linesInvalid;
    return undefined;
  }
  const max = spec.max ?? LINES_LIMIT;
  if (raw.length > max) {
    errors[key] = formatMessage('linesTooMany', { max });
    return undefined;
  }
  if (raw.length < (spec.min ?? 0)) errors[key] = formatMessage('linesTooFew', { min: spec.min ?? 0 });
  const rows = { fields: spec.fields };
  const value: Record<string, unknown>[] = [];
  raw.forEach((row: Record<string, unknown>, index) => {
    const { id: _ignored, ...input } = row;
    const checked = validateRecord(rows, 'create', input);
    if (checked.ok) value.push(checked.value);
    else for (const [column, message] of Object.entries(checked.errors)) errors[`${key}.${index}.${column}`] = message;
  });
  return value;
}

/**
 * Validates a create or update body. Unknown keys are refused (400 naming them) rather than
 * silently dropped, so a typo in a client never looks like a save. Empty optional values become
 * null; on create, absent fields with a default take it.
 */
export function validateRecord(
  resource: Pick<ResourceDeclaration, 'fields'>,
  mode: FormMode,
  input: Record<string, unknown>,
): { ok: true; value: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const value: Record<string, unknown> = {};
  const allowed = new Map(formFields(resource, mode));
  for (const key of Object.keys(input)) {
    if (!allowed.has(key) && key !== 'id') errors[key] = MESSAGES.invalidValue;
  }
  for (const [key, field] of allowed) {
    const present = Object.prototype.hasOwnProperty.call(input, key);
    const raw = input[key];
    if (!present && mode === 'update') continue;
    if (field.type === 'lines' && Array.isArray(raw) && (raw.length || !field.required)) {
      const lines = validateLines(key, field, raw, errors);
      if (lines) value[key] = lines;
      continue;
    }
    if (isEmptyValue(raw, field) && !(field.type === 'boolean' && raw === false)) {
      if (field.required && (mode === 'update' || field.defaultValue === undefined)) {
        errors[key] = MESSAGES.fieldRequired;
      } else if (mode === 'create' && field.defaultValue !== undefined) {
        value[key] = field.defaultValue;
      } else if (present || mode === 'create') {
        value[key] =
          field.type === 'boolean' ? false : field.type === 'references' || field.type === 'lines' ? [] : null;
      }
      continue;
    }
    if (field.type === 'lines') {
      errors[key] = MESSAGES.linesInvalid;
      continue;
    }
    const result = z.safeParse(valueSchema(field), raw);
    if (result.success) value[key] = result.data;
    else errors[key] = result.error.issues[0]?.message ?? MESSAGES.invalidValue;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
