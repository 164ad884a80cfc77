/**
 * The i18n keys of a declared resource, by convention (react-admin style), so screens need no
 * label wiring: `resources.<name>.name`, `.fields.<field>`, `.options.<field>.<value>`,
 * `.bulk.<key>`. Generic engine texts live under `resourceEngine.*`.
 */
import type { TFunction } from 'i18next';
import type { ResourceDeclaration } from '../../domain/resources/types';

export const resourceNameKey = (name: string) => `resources.${name}.name`;
export const fieldKey = (name: string, field: string) => `resources.${name}.fields.${field}`;
export const optionKey = (name: string, field: string, value: string) => `resources.${name}.options.${field}.${value}`;
export const bulkKey = (name: string, key: string) => `resources.${name}.bulk.${key}`;

/** Every key a declaration needs in each language (the translations test checks them). */
export function requiredKeys(resource: ResourceDeclaration): string[] {
  const keys = [resourceNameKey(resource.name)];
  for (const [field, declaration] of Object.entries(resource.fields)) {
    keys.push(fieldKey(resource.name, field));
    for (const value of declaration.options ?? []) keys.push(optionKey(resource.name, field, value));
  }
  for (const action of resource.bulkActions ?? []) keys.push(bulkKey(resource.name, action.key));
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
