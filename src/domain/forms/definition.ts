/**
 * A form's definition (the form builder, product brief section 2: form_builder and
 * form_builder/{slug}/edit), shared by the builder, the public renderer and the server, which
 * parses every draft and every publish through `formDefinition`: a field type the builder does
 * not know, posted by hand, is refused here with its message.
 *
 * A field's `key` names its answer in every version; `showIf` / `requiredIf` may only look at a
 * field above it, so conditions never form a circle and one pass in order evaluates them
 * (evaluate.ts). A `hidden` field is not drawn: its answer is read from the URL parameter
 * `param` of the public link (a campaign, a referrer).
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { contactMappingSchema, mappingErrors } from './contact-mapping';
import { FIELD_TYPES, type FieldType } from './field-types';
import { patternRisk } from './pattern-safety';
import { decimalNumberType } from '../schemas/typed-number';

export { FIELD_TYPES, type FieldType } from './field-types';

/** Types whose answer is text (min/max are lengths, a pattern applies). */
export const TEXT_TYPES: readonly FieldType[] = ['shortText', 'longText', 'hidden'];
/** Types answered by picking from `options`. */
export const CHOICE_TYPES: readonly FieldType[] = ['select', 'multiSelect'];
/** Types where min/max mean something: a length, a value or a count of choices. */
export const RANGE_TYPES: readonly FieldType[] = ['shortText', 'longText', 'number', 'multiSelect'];

/** The longest answer of each text type, whatever max the builder set (the server stores it). */
export const TEXT_LIMITS: Partial<Record<FieldType, number>> = {
  shortText: 500,
  longText: 5000,
  hidden: 500,
  email: 254,
  phone: 40,
};

/**
 * A file field's answer is one uploaded file: of the types the builder ticks (decided from the
 * file's bytes by the server), at most `max` MB (this cap when unset). The answer stored is a
 * reference to the upload; the admins read the file through their sign-in.
 */
export const FORM_FILE = {
  types: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const,
  maxMb: 10,
};
export type FormFileType = (typeof FORM_FILE.types)[number];
/** How a person reads each type (the wrong-type message lists them). */
export const FORM_FILE_TYPE_NAMES: Record<FormFileType, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};

/** A file field's largest file, in bytes. */
export const fileMaxBytes = (f: Pick<FormField, 'max'>) => Math.round((f.max ?? FORM_FILE.maxMb) * 1024 * 1024);

/**
 * The field's own messages for a file over its size or of a type it does not take, and the one
 * every upload says of a file of 0 bytes (server/modules/storage/upload.ts answers it too).
 */
export const fileMessages = (f: Pick<FormField, 'max' | 'accept'>) => ({
  empty: MESSAGES.fileEmpty,
  tooLarge: formatMessage('formFileTooLarge', { max: f.max ?? FORM_FILE.maxMb }),
  wrongType: formatMessage('formFileType', {
    types: (f.accept ?? []).map((type) => FORM_FILE_TYPE_NAMES[type as FormFileType] ?? type).join(', '),
  }),
});

export const CONDITION_OPS = ['equals', 'notEquals', 'filled', 'empty'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

export const MAX_FIELDS = 100;
export const MAX_OPTIONS = 100;
const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const PARAM = /^[A-Za-z0-9_-]{1,40}$/;

/** The longest text each property of a field takes: the schema's rule and the builder's inputs' maxLength. */
export const FIELD_TEXT_MAX = { label: 200, help: 500, pattern: 200, option: 100, conditionValue: 200 } as const;

const text = (max: number) =>
  z.string({ error: MESSAGES.mustBeText }).check(z.trim(), z.maxLength(max, formatMessage('textTooLong', { max })));

export const conditionSchema = z.object({
  field: z.string({ error: MESSAGES.formConditionField }),
  op: z.enum(CONDITION_OPS, { error: MESSAGES.optionInvalid }),
  value: z._default(text(FIELD_TEXT_MAX.conditionValue), ''),
});
export type Condition = z.output<typeof conditionSchema>;

const bound = z.optional(z.nullable(decimalNumberType(MESSAGES.mustBeNumber)));

export const fieldSchema = z.object({
  key: z.string({ error: MESSAGES.formFieldKeyInvalid }).check(z.trim(), z.regex(KEY, MESSAGES.formFieldKeyInvalid)),
  type: z.enum(FIELD_TYPES, { error: MESSAGES.formFieldTypeUnknown }),
  label: z
    .string({ error: MESSAGES.formFieldLabelRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.formFieldLabelRequired),
      z.maxLength(FIELD_TEXT_MAX.label, formatMessage('textTooLong', { max: FIELD_TEXT_MAX.label })),
    ),
  help: z._default(text(FIELD_TEXT_MAX.help), ''),
  required: z._default(z.boolean({ error: MESSAGES.mustBeBoolean }), false),
  min: bound,
  max: bound,
  pattern: z.optional(z.nullable(text(FIELD_TEXT_MAX.pattern))),
  options: z._default(
    z
      .array(text(FIELD_TEXT_MAX.option), { error: MESSAGES.formOptionsRequired })
      .check(z.maxLength(MAX_OPTIONS, formatMessage('tooManyItems', { max: MAX_OPTIONS }))),
    [],
  ),
  showIf: z.optional(z.nullable(conditionSchema)),
  requiredIf: z.optional(z.nullable(conditionSchema)),
  param: z.optional(z.nullable(z.string().check(z.trim(), z.regex(PARAM, MESSAGES.formParamInvalid)))),
  /** A file field's accepted types (FORM_FILE.types). */
  accept: z._default(z.array(z.enum(FORM_FILE.types, { error: MESSAGES.formFileTypesRequired })), []),
});
export type FormField = z.output<typeof fieldSchema>;
/** A field as the builder holds it before parsing (defaults not applied yet). */
export type FormFieldInput = z.input<typeof fieldSchema>;

type Issue = { code: 'custom'; path: (string | number)[]; message: string; input: unknown };

/**
 * The most a length or count bound may be: a text type's longest answer, a multi-select's number
 * of options; undefined where min/max are no length or count (a number's value, a file's MB).
 */
function countLimit(f: FormField): number | undefined {
  if (f.type === 'multiSelect') return f.options.length;
  return TEXT_TYPES.includes(f.type) ? TEXT_LIMITS[f.type] : undefined;
}

/** The rules one field cannot check alone, or that need the fields above it. */
export function fieldIssues(fields: readonly FormField[]): Issue[] {
  const issues: Issue[] = [];
  const add = (i: number, path: string, message: string) =>
    issues.push({ code: 'custom', path: [i, path], message, input: fields[i] });
  const seen = new Map<string, FormField>();
  fields.forEach((f, i) => {
    if (seen.has(f.key)) add(i, 'key', formatMessage('formFieldKeyTaken', { key: f.key }));
    for (const cond of ['showIf', 'requiredIf'] as const) {
      const c = f[cond];
      const target = c && seen.get(c.field);
      if (c && !target) add(i, cond, MESSAGES.formConditionField);
      // A choice field compared with what it cannot answer (an option renamed since, or none
      // picked): the condition could never hold as meant.
      else if (c && target && (c.op === 'equals' || c.op === 'notEquals')) {
        const choices =
          target.type === 'checkbox' ? ['true', 'false'] : CHOICE_TYPES.includes(target.type) ? target.options : null;
        if (choices && !choices.includes(c.value)) add(i, cond, MESSAGES.formConditionValue);
      }
    }
    if (!seen.has(f.key)) seen.set(f.key, f);
    if (CHOICE_TYPES.includes(f.type)) {
      if (f.options.filter(Boolean).length !== f.options.length || f.options.length === 0)
        add(i, 'options', MESSAGES.formOptionsRequired);
      else if (new Set(f.options).size !== f.options.length) add(i, 'options', MESSAGES.formOptionDuplicate);
    }
    if (f.min != null && f.max != null && f.min > f.max) add(i, 'max', MESSAGES.formMinAboveMax);
    const most = countLimit(f);
    if (most !== undefined) {
      // A length or a count: a whole number the answer can reach, or the form could never be sent.
      const outside = (value: number | null | undefined, least: number) =>
        value != null && (!Number.isInteger(value) || value < least || value > most);
      if (outside(f.min, 0)) add(i, 'min', formatMessage('formBoundRange', { min: 0, max: most }));
      if (outside(f.max, 1)) add(i, 'max', formatMessage('formBoundRange', { min: 1, max: most }));
    } else if (f.type !== 'number' && ((f.min ?? 0) < 0 || (f.max ?? 0) < 0))
      add(i, 'min', formatMessage('tooSmall', { min: 0 }));
    if (f.pattern && compilePattern(f.pattern) === null) add(i, 'pattern', MESSAGES.formPatternInvalid);
    else if (f.pattern && patternRisk(f.pattern, (TEXT_LIMITS[f.type] ?? 0) > 500))
      add(i, 'pattern', MESSAGES.formPatternSlow);
    if (f.type === 'hidden' && !f.param) add(i, 'param', MESSAGES.formParamInvalid);
    if (f.type === 'file' && f.accept.length === 0) add(i, 'accept', MESSAGES.formFileTypesRequired);
    if (f.type === 'file' && f.max != null && (f.max <= 0 || f.max > FORM_FILE.maxMb))
      add(i, 'max', formatMessage('formFileMaxMb', { max: FORM_FILE.maxMb }));
  });
  return issues;
}

/**
 * A builder's pattern as a whole-answer match, or null when it is not a valid expression.
 * Publishing refuses a pattern too slow to run (pattern-safety.ts); one that got into a version
 * before that rule is never run (null here too: the answer is refused, the server stays up).
 */
export function compilePattern(pattern: string, type?: FieldType): RegExp | null {
  try {
    const re = new RegExp(`^(?:${pattern})$`, 'u');
    return type && patternRisk(pattern, (TEXT_LIMITS[type] ?? 0) > 500) ? null : re;
  } catch {
    return null;
  }
}

/**
 * A form's fields and its contact mapping (contact-mapping.ts; null: off), as a draft is saved
 * and a version is published.
 */
const definitionShape = z.object({
  fields: z.array(fieldSchema, { error: MESSAGES.invalidInput }).check(
    z.maxLength(MAX_FIELDS, formatMessage('tooManyItems', { max: MAX_FIELDS })),
    z.superRefine((fields, ctx) => {
      for (const issue of fieldIssues(fields)) ctx.addIssue(issue);
    }),
  ),
  contactMapping: z._default(contactMappingSchema, null),
});
const mappingRule = () =>
  z.superRefine((form: z.output<typeof definitionShape>, ctx) => {
    for (const [target, message] of mappingErrors(form.fields, form.contactMapping))
      ctx.addIssue({ code: 'custom', path: ['contactMapping', target], message, input: form.contactMapping });
  });

export const formDefinition = definitionShape.check(mappingRule());

/**
 * A draft as the builder saves it: the definition and the form's `updatedAt` as the builder tab
 * last had it. Saved, renamed or published since from elsewhere, the server answers 409
 * (recordChangedMeanwhile) instead of the later tab silently undoing the earlier one's work; left
 * out (an API script), the draft is written as before (src/domain/resources/version.ts).
 */
export const draftChange = z
  .extend(definitionShape, {
    updatedAt: z.optional(z.nullable(z.iso.datetime({ offset: true, error: MESSAGES.invalidValue }))),
  })
  .check(mappingRule());
export type FormDefinition = z.output<typeof formDefinition>;
