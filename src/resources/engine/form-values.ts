/**
 * Between a record as the API sends it and the values of the generated form: money is typed in
 * dollars and stored in cents; a percent and hours go as typed (8.875, 2.75); a phone is typed
 * and shown as (202) 555-0143 and stored as E.164; empty text is "no value". An edit sends only
 * what changed.
 */
import { formatPhone, normalizePhone } from '../../domain/phone';
import { formFields, type FormMode } from '../../domain/resources/field-rules';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { hundredths } from '../../ui/forms/number-text';
import type { TFunction } from 'i18next';
import { seededText } from './seeded-text';

export type FormValues = Record<string, unknown>;

/** A `lines` field's rows, each column converted like a field of its own. */
const mapRows = (field: FieldDeclaration, value: unknown, each: (f: FieldDeclaration, v: unknown) => unknown) =>
  (Array.isArray(value) ? value : []).map((row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(field.lines?.fields ?? {}).map(([key, f]) => [key, each(f, row?.[key])])),
  );

/** A new line's values: its columns' declared defaults. */
export const newLine = (field: FieldDeclaration) =>
  Object.fromEntries(
    Object.entries(field.lines?.fields ?? {}).map(([key, f]) => [key, toFormValue(f, f.defaultValue)]),
  );

export function toFormValue(field: FieldDeclaration, value: unknown): unknown {
  if (field.type === 'lines') return mapRows(field, value, toFormValue);
  if (value === null || value === undefined) return field.type === 'boolean' ? false : undefined;
  if (field.type === 'money') return Number(value) / 100;
  if (field.type === 'phone') return formatPhone(String(value));
  return value;
}

export function toApiValue(field: FieldDeclaration, value: unknown): unknown {
  if (field.type === 'lines') return mapRows(field, value, toApiValue);
  if (value === undefined || value === null) return field.type === 'references' ? [] : null;
  // A picture just chosen goes as the file itself (toRequestBody sends it as multipart).
  if (field.type === 'image' && value instanceof Blob) return value;
  // A password's spaces are characters (field-rules.ts isEmptyValue): only nothing typed is no value.
  if (typeof value === 'string' && (field.type === 'password' ? value : value.trim()) === '') return null;
  if (field.type === 'references') return Array.isArray(value) ? value : [];
  if (field.type === 'money') return typeof value === 'number' ? hundredths(value) : value;
  // As stored (E.164), so an untouched phone is no change; a number that is not valid goes as
  // typed, for the server to refuse with the form's own message.
  if (field.type === 'phone' && typeof value === 'string') return normalizePhone(value) ?? value;
  return value;
}

/**
 * The form's starting values: a record's, or the declared defaults for a new one. With `t`, a
 * value still as the product seeded it starts in the screen's language (seededText); an edit
 * sends only what changed, so an untouched one is not written back in that language.
 */
export function initialFormValues(
  resource: ResourceDeclaration,
  mode: FormMode,
  record?: Record<string, unknown>,
  t?: TFunction,
): FormValues {
  const values: FormValues = {};
  for (const [key, field] of formFields(resource, mode)) {
    if (field.type === 'password') continue;
    const value = record ? record[key] : field.defaultValue;
    values[key] = (t && seededText(t, field, value, record)) ?? toFormValue(field, value);
    // A new record's lines start with the rows it needs (one empty line to type into).
    if (!record && field.type === 'lines')
      values[key] = Array.from({ length: field.lines?.min ?? 0 }, () => newLine(field));
  }
  return values;
}

/** The request body: every form field when creating, only the changed ones when editing. */
export function toApiBody(
  resource: ResourceDeclaration,
  mode: FormMode,
  values: FormValues,
  initial: FormValues = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of formFields(resource, mode)) {
    if (!(key in values)) continue;
    const value = toApiValue(field, values[key]);
    if (mode === 'update' && JSON.stringify(value) === JSON.stringify(toApiValue(field, initial[key]))) continue;
    // An empty optional field on create is simply left out (the server applies its default).
    if (mode === 'create' && (value === null || (Array.isArray(value) && value.length === 0))) continue;
    body[key] = value;
  }
  return body;
}

/**
 * What the form sends: JSON, or — when a picture was chosen (an image field) — a multipart body
 * with one text part per field (empty = no value, a list as JSON) and the picture as a file part,
 * which the server reads back by each field's type (server/resources/image-fields.ts).
 */
export function toRequestBody(body: Record<string, unknown>): Record<string, unknown> | FormData {
  if (!Object.values(body).some((value) => value instanceof Blob)) return body;
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else
      form.append(
        key,
        value === null || value === undefined ? '' : Array.isArray(value) ? JSON.stringify(value) : String(value),
      );
  }
  return form;
}
