/**
 * The i18n keys of a declared resource, by convention (react-admin style), so screens need no
 * label wiring: `resources.<name>.name` (the plural: sidebar, list title), `.one` (the singular:
 * "New contact", "Contact saved"), `.fields.<field>`, `.options.<field>.<value>`, `.bulk.<key>`.
 * Generic engine texts live under `resourceEngine.*`. Spanish adds `.gender` ("feminine") where
 * the noun is, and the engine's sentences take it as i18next's context ("Nueva tarea").
 */
import type { TFunction } from 'i18next';
import type { ResourceDeclaration } from '../../domain/resources/types';

export const resourceNameKey = (name: string) => `resources.${name}.name`;
export const singularKey = (name: string) => `resources.${name}.one`;
export const genderKey = (name: string) => `resources.${name}.gender`;
export const fieldKey = (name: string, field: string) => `resources.${name}.fields.${field}`;
export const optionKey = (name: string, field: string, value: string) => `resources.${name}.options.${field}.${value}`;
export const bulkKey = (name: string, key: string) => `resources.${name}.bulk.${key}`;
/** A `lines` field's column: `resources.<name>.lines.<field>.<column>`. */
export const lineColumnKey = (name: string, field: string, column: string) =>
  `resources.${name}.lines.${field}.${column}`;
/** A related list's texts: `.title`, `.empty` (required), `.kinds.<kind>` and `.status.<value>` (optional). */
export const relatedKey = (name: string, list: string, part: string) => `resources.${name}.related.${list}.${part}`;

/** Every key a declaration needs in each language (the translations test checks them). */
export function requiredKeys(resource: ResourceDeclaration): string[] {
  const keys = [resourceNameKey(resource.name), singularKey(resource.name)];
  for (const [field, declaration] of Object.entries(resource.fields)) {
    keys.push(fieldKey(resource.name, field));
    for (const value of declaration.options ?? []) keys.push(optionKey(resource.name, field, value));
    for (const column of Object.keys(declaration.lines?.fields ?? {}))
      keys.push(lineColumnKey(resource.name, field, column));
  }
  for (const action of resource.bulkActions ?? []) keys.push(bulkKey(resource.name, action.key));
  for (const list of resource.related ?? []) {
    keys.push(relatedKey(resource.name, list.key, 'title'), relatedKey(resource.name, list.key, 'empty'));
  }
  return keys;
}

export function fieldLabel(t: TFunction, resource: ResourceDeclaration, field: string): string {
  if (field === 'createdAt' || field === 'updatedAt') return t(`resourceEngine.${field}`);
  return t(fieldKey(resource.name, field), { defaultValue: field });
}

export function optionLabel(t: TFunction, resource: ResourceDeclaration, field: string, value: string): string {
  return t(optionKey(resource.name, field, value), { defaultValue: value });
}

export const resourceLabel = (t: TFunction, resource: ResourceDeclaration) => t(resourceNameKey(resource.name));
export const singularLabel = (t: TFunction, resource: ResourceDeclaration) => t(singularKey(resource.name));

/**
 * The engine's sentences about one record of the resource, built from its singular label:
 * "New contact" (the create page's title), "Contact created", "Contact saved" (the toasts).
 * The templates choose the label as a sentence starts it (`{{one}}`) or mid-sentence
 * (`{{oneLower}}`), and agree with the noun's grammatical gender where the language has one.
 */
export type RecordSentence = 'createTitle' | 'created' | 'saved';

/**
 * The engine's sentences about a number of the resource's records, with its own nouns:
 * "Delete 3 contacts?", "1 task deleted", "12 deals", "No contacts". `{{items}}` is the
 * singular for one record and the plural otherwise, lower-cased mid-sentence; the count picks
 * the language's plural form and the noun's gender its agreement ("3 tareas eliminadas").
 */
export const COUNT_SENTENCES = [
  'total',
  'table.empty',
  'bulk.deleteTitle',
  'bulk.confirm',
  'bulk.deleted',
  'bulk.updated',
] as const;
export type CountSentence = (typeof COUNT_SENTENCES)[number];

export function countSentence(t: TFunction, resource: ResourceDeclaration, sentence: CountSentence, count: number) {
  // `items` is the counted plural when the list's title is not one ("Product Catalogue": 5 products and services).
  const noun =
    count === 1
      ? singularLabel(t, resource)
      : t(`resources.${resource.name}.items`, { defaultValue: resourceLabel(t, resource) });
  const gender = t(genderKey(resource.name), { defaultValue: '' });
  return t(`resourceEngine.${sentence}`, {
    count,
    items: noun.toLocaleLowerCase(),
    ...(gender ? { context: gender } : {}),
  });
}

export function recordSentence(t: TFunction, resource: ResourceDeclaration, sentence: RecordSentence): string {
  const one = singularLabel(t, resource);
  const gender = t(genderKey(resource.name), { defaultValue: '' });
  return t(`resourceEngine.${sentence}`, {
    one,
    oneLower: one.toLocaleLowerCase(),
    ...(gender ? { context: gender } : {}),
  });
}
