import type { TFunction } from 'i18next';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';

/**
 * A field's value in the screen's language when it is still the text the product seeded for its
 * row (FieldDeclaration.seeded: a built-in role's description), else null: the value is shown as
 * stored, as someone typed it. The English seeded text stands when a translation is missing.
 */
export function seededText(
  t: TFunction,
  field: FieldDeclaration | undefined,
  value: unknown,
  row: Record<string, unknown> | undefined,
): string | null {
  const seeded = field?.seeded;
  if (!seeded || !row) return null;
  const by = row[seeded.by];
  if (typeof by !== 'string' || !Object.hasOwn(seeded.texts, by) || value !== seeded.texts[by]) return null;
  return t(`${seeded.key}.${by}`, { defaultValue: seeded.texts[by] });
}

/**
 * What names a record on its page, its edit form and its row's checkbox: its title field in the
 * screen's language while the product seeded it (a plan named Free reads "Gratuito"), else as stored.
 */
export function recordTitle(t: TFunction, resource: ResourceDeclaration, row: Record<string, unknown>): string {
  const value = row[resource.titleField];
  return seededText(t, resource.fields[resource.titleField], value, row) ?? String(value ?? '');
}

/** A text field's value as the show page writes it: in the screen's language while seeded, else as stored. */
export function shownText(
  t: TFunction,
  resource: ResourceDeclaration,
  key: string,
  row: Record<string, unknown>,
): string {
  return seededText(t, resource.fields[key], row[key], row) ?? String(row[key] ?? '');
}
