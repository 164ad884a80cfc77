/**
 * "Save answers as contacts" (the form builder, product brief section 2: submissions with an
 * optional mapping that creates or updates a CRM contact). Each contact field names the form
 * field that fills it; the email is the key a contact is found by, so it is required when the
 * mapping is on. The name comes from one field, or from a first and a last name joined with a
 * space. A mapped field must exist in the form and be of a type that fits the contact field.
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import type { FieldType } from './field-types';

/** What the mapping reads of a form's field (definition.ts FormField). */
interface MappedField {
  key: string;
  type: FieldType;
}

/** Each mappable contact field and the form field types that fit it. */
export const CONTACT_TARGETS = {
  email: ['email'],
  fullName: ['shortText', 'hidden'],
  firstName: ['shortText', 'hidden'],
  lastName: ['shortText', 'hidden'],
  phone: ['phone'],
  notes: ['longText', 'shortText'],
} as const satisfies Record<string, readonly FieldType[]>;
export type ContactTarget = keyof typeof CONTACT_TARGETS;
export const CONTACT_TARGET_KEYS = Object.keys(CONTACT_TARGETS) as ContactTarget[];

const key = z.optional(z.nullable(z.string({ error: MESSAGES.formMappingField }).check(z.maxLength(40))));

/** Off: null. Unknown contact fields are refused (strict), not ignored. */
export const contactMappingSchema = z.nullable(
  z.strictObject(
    {
      email: z.string({ error: MESSAGES.formMappingEmailRequired }).check(z.maxLength(40)),
      fullName: key,
      firstName: key,
      lastName: key,
      phone: key,
      notes: key,
    },
    { error: MESSAGES.formMappingUnknown },
  ),
);
export type ContactMapping = NonNullable<z.output<typeof contactMappingSchema>>;

/** The form's fields that may fill a contact field (the builder's select lists them). */
export const fittingFields = <F extends MappedField>(fields: readonly F[], target: ContactTarget) =>
  fields.filter((f) => (CONTACT_TARGETS[target] as readonly FieldType[]).includes(f.type));

/** Each mapped contact field whose form field is missing or of a type that does not fit, with its message. */
export function mappingErrors(fields: readonly MappedField[], mapping: ContactMapping | null | undefined) {
  const errors: [ContactTarget, string][] = [];
  if (!mapping) return errors;
  for (const target of CONTACT_TARGET_KEYS) {
    const fieldKey = mapping[target];
    if (!fieldKey) {
      if (target === 'email') errors.push([target, MESSAGES.formMappingEmailRequired]);
      continue;
    }
    const field = fields.find((f) => f.key === fieldKey);
    if (!field) errors.push([target, MESSAGES.formMappingField]);
    else if (!fittingFields([field], target).length) errors.push([target, MESSAGES.formMappingType]);
  }
  if (mapping.fullName && (mapping.firstName || mapping.lastName))
    errors.push(['fullName', MESSAGES.formMappingNameTwice]);
  return errors;
}

/**
 * The contact values a submission's answers give: only fields answered (an empty answer never
 * blanks a contact's field); null when the email is not answered (no contact then).
 */
export function contactValues(mapping: ContactMapping, answers: Record<string, unknown>) {
  const answer = (target: ContactTarget) => {
    const fieldKey = mapping[target];
    const value = fieldKey ? answers[fieldKey] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const email = answer('email');
  if (!email) return null;
  const joined = [answer('firstName'), answer('lastName')].filter(Boolean).join(' ');
  const values: { email: string } & Partial<Record<'fullName' | 'phone' | 'notes', string>> = { email };
  const fullName = answer('fullName') ?? (joined || undefined);
  if (fullName) values.fullName = fullName;
  for (const target of ['phone', 'notes'] as const) {
    const v = answer(target);
    if (v) values[target] = v;
  }
  return values;
}
