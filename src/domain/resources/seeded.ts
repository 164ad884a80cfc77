/**
 * "Is this value still the text the product seeded?" — asked the same way by every screen that
 * shows it in the reader's language (the engine's list, show page and form, the plan names
 * outside the admin's screens) and by the server where it writes or searches one (the CSV export,
 * the list's search): one answer, so a value shown translated on the screen is the value exported
 * translated and found by its translation.
 */
import type { SeededTexts } from './types';

const keyOf = (seeded: SeededTexts, by: string) => `${seeded.key}.${by}`;

/**
 * The translation key of `value` and the English it stands for while it is still the text the
 * product seeded for its row (the row's `seeded.by` names one of `seeded.texts` and the value is
 * that text, exactly), else null: a value someone typed, or a row the product did not seed.
 */
export function seededKey(
  seeded: SeededTexts | undefined,
  value: unknown,
  row: Readonly<Record<string, unknown>> | undefined,
): { key: string; text: string } | null {
  if (!seeded || !row) return null;
  const by = row[seeded.by];
  if (typeof by !== 'string' || !Object.hasOwn(seeded.texts, by)) return null;
  const text = seeded.texts[by]!;
  return value === text ? { key: keyOf(seeded, by), text } : null;
}

/**
 * Every text the product seeds for a field: the row's `seeded.by` value it belongs to, the text
 * and its translation key (for the list's search, which finds a row still holding one by the
 * translation the reader sees).
 */
export const seededEntries = (seeded: SeededTexts): { by: string; text: string; key: string }[] =>
  Object.entries(seeded.texts).map(([by, text]) => ({ by, text, key: keyOf(seeded, by) }));
