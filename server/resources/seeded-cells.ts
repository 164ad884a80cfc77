/**
 * A seeded value in the reader's language for the CSV export: the text the screens show
 * (src/resources/engine/seeded-text.ts, the `seeded` field option), so a Spanish reader's file says
 * what their list says — a built-in role's description, the Free plan's name — and not the English
 * the row holds. A value someone typed is written as stored. The reader's language is the one
 * their page sends (Accept-Language, src/providers/http/client.ts); without one, English.
 */
import type { FieldDeclaration } from '../../src/domain/resources/types';
import type { PlatformMailLocale } from '../../src/domain/email-templates/kinds';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';

const TRANSLATIONS: Record<PlatformMailLocale, Record<string, unknown>> = { en, es };

/** `key.name` of a translation file, or undefined when it is not one text. */
function textAt(locale: PlatformMailLocale, key: string, name: string): string | undefined {
  const group = TRANSLATIONS[locale][key];
  if (typeof group !== 'object' || group === null || !Object.hasOwn(group, name)) return undefined;
  const text: unknown = (group as Record<string, unknown>)[name];
  return typeof text === 'string' ? text : undefined;
}

export function seededCell(
  locale: PlatformMailLocale,
  field: FieldDeclaration,
  value: unknown,
  row: Record<string, unknown>,
): unknown {
  const seeded = field.seeded;
  if (!seeded) return value;
  const by = row[seeded.by];
  if (typeof by !== 'string' || !Object.hasOwn(seeded.texts, by) || value !== seeded.texts[by]) return value;
  return textAt(locale, seeded.key, by) ?? value;
}
