import type { TFunction } from 'i18next';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { seededKey } from '../../domain/resources/seeded';

/**
 * A field's value in the screen's language when it is still the text the product seeded for its
 * row (FieldDeclaration.seeded: a built-in role's description; the check is
 * src/domain/resources/seeded.ts, the server's CSV export's too), else null: the value is shown
 * as stored, as someone typed it. The English seeded text stands when a translation is missing.
 */
export function seededText(
  t: TFunction,
  field: FieldDeclaration | undefined,
  value: unknown,
  row: Record<string, unknown> | undefined,
): string | null {
  const seeded = seededKey(field?.seeded, value, row);
  return seeded && t(seeded.key, { defaultValue: seeded.text });
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
