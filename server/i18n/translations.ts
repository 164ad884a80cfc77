/**
 * The screens' own words on the server (public/locales/<lng>/translation.json), for what the
 * server writes itself in a reader's language: a notification's push and search, a report's
 * export, a seeded value in a CSV. One place reads the files, so each language is loaded once
 * for the process and a key means here what it means on the screen. An area's own strings
 * (src/custom/<area>/locales) are not here: the server writes none of them.
 */
import { fillTemplate } from '../../src/domain/messages';
import type { PlatformMailLocale } from '../../src/domain/email-templates/kinds';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';

/** Typed as the English file: tests/unit/translations.test.ts holds the Spanish to the same keys. */
const FILES: Record<PlatformMailLocale, typeof en> = { en, es };

/** A language's whole translation, for a caller that reads a group of texts (a report's column titles). */
export const translationOf = (lang: PlatformMailLocale): typeof en => FILES[lang];

/** Each language's texts by their dotted key, flattened on its first lookup. */
const flat = new Map<PlatformMailLocale, ReadonlyMap<string, string>>();

function flatten(group: Readonly<Record<string, unknown>>, prefix: string, into: Map<string, string>) {
  for (const [name, value] of Object.entries(group)) {
    const key = prefix + name;
    if (typeof value === 'string') into.set(key, value);
    else if (typeof value === 'object' && value !== null) flatten(value as Record<string, unknown>, `${key}.`, into);
  }
  return into;
}

function textsIn(lang: PlatformMailLocale): ReadonlyMap<string, string> {
  let texts = flat.get(lang);
  if (!texts) {
    texts = flatten(FILES[lang], '', new Map());
    flat.set(lang, texts);
  }
  return texts;
}

/**
 * The text at `key` ('messages.quoteAccepted') in `lang`, its {{placeholders}} filled from `vars`
 * as the screens fill them; undefined when that language has no text there (a group, a missing
 * key), so each caller says what stands in instead (the stored English, the seeded text).
 */
export function t(
  lang: PlatformMailLocale,
  key: string,
  vars?: Readonly<Record<string, string | number>>,
): string | undefined {
  const text = textsIn(lang).get(key);
  return text === undefined || !vars ? text : fillTemplate(text, vars);
}
