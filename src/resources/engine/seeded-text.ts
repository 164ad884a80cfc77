import type { TFunction } from 'i18next';
import type { FieldDeclaration } from '../../domain/resources/types';

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
