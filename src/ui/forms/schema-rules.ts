import type { Rule } from 'antd/es/form';
import type * as z from 'zod/mini';
import { fieldErrors } from '../../domain/schemas/common';

/** A form field's name path, as antd's Form names it ('email', ['ticketTypes', 0, 'price']). */
export type FieldPath = (string | number)[];

/**
 * The rules a form is checked by: a shared zod schema from src/domain (the one the server runs),
 * what turns the form's values into the schema's input (dollars typed as text → cents, a date
 * range → two instants), and any rule the schema cannot say alone (a refund under what is left).
 */
export interface SchemaSource<S extends z.ZodMiniType, V> {
  schema: S;
  /** The form's values as the schema's input; the values as they are when not given. */
  toInput?: (values: V) => unknown;
  /** More rules over the parsed data: untranslated messages by schema path, {} when it passes. */
  check?: (data: z.output<S>) => Record<string, string>;
}

export type Checked<S extends z.ZodMiniType> =
  | { ok: true; data: z.output<S> }
  | { ok: false; errors: Record<string, string> };

/** Runs the schema, then the extra rules, over the form's values. Messages stay untranslated. */
export function checkValues<S extends z.ZodMiniType, V>(source: SchemaSource<S, V>, values: V): Checked<S> {
  const input = source.toInput ? source.toInput(values) : values;
  const parsed = source.schema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const more = source.check?.(parsed.data) ?? {};
  return Object.keys(more).length ? { ok: false, errors: more } : { ok: true, data: parsed.data };
}

/** A schema path ('ticketTypes.0.name', '_' for the whole input) as a form name path. */
export function pathToName(path: string): FieldPath | null {
  if (path === '_' || path === '') return null;
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const same = (a: FieldPath, b: FieldPath) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * The field a message belongs on: the named field if the form has it, else the nearest one along
 * its path ('events.0' → 'events'), else none (the message goes above the form).
 */
export function placeOn(name: FieldPath | null, fields: readonly FieldPath[]): FieldPath | null {
  for (let end = name?.length ?? 0; end > 0; end--) {
    const prefix = name!.slice(0, end);
    const found = fields.find((field) => same(field, prefix));
    if (found) return found;
  }
  return null;
}

/** Messages by schema path, grouped by the field they belong on; `null` collects the rest. */
export function groupByField(
  errors: Record<string, string>,
  fields: readonly FieldPath[],
  nameOf: (path: string) => FieldPath | null = pathToName,
): { field: FieldPath | null; message: string }[] {
  const out: { field: FieldPath | null; message: string }[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const field = placeOn(nameOf(path), fields);
    // One message per field: the first the schema gives, as the server does.
    if (!out.some((entry) => entry.field && field && same(entry.field, field))) out.push({ field, message });
  }
  return out;
}

/**
 * The schema as one antd rule for a field: the whole form is checked (so rules across fields,
 * like a confirmation that must match, hold) and this field's own message, if any, is its verdict.
 */
export function schemaRule(name: FieldPath, verdict: (name: FieldPath) => string | undefined): Rule {
  return {
    validator: async () => {
      const message = verdict(name);
      if (message) throw new Error(message);
    },
  };
}

export { same as sameField };
