/**
 * The kinds of field a form may hold (definition.ts), in their own file so the parts of a definition
 * (contact-mapping.ts) can name them without importing the definition that imports them.
 */
export const FIELD_TYPES = [
  'shortText',
  'longText',
  'email',
  'phone',
  'number',
  'date',
  'select',
  'multiSelect',
  'checkbox',
  'hidden',
  'file',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
