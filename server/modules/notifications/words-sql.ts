/**
 * A notification's words in the reader's language as an SQL expression, so a search is one query
 * that pages and counts at the database, whoever reads.
 *
 * A coded notification stores its English text, written from the English template with its
 * parameters' texts (notice-texts.ts noticeRow); a parameter's text is the same in every language
 * (en-US dates, times and money: notification-notices.ts). So the reader's words are the stored
 * English with the English template's fixed text swapped for the translation's: regexp_replace
 * with the English template as a pattern (a group per parameter) and the translation as the
 * replacement (each parameter the text of its group). Both engines have regexp_replace; neither
 * needs an extension.
 *
 * Why not the other ways: writing the words in JS (wordsIn) for every coded notification the reader
 * can see read all of them for each search, not a page; a stored column per language would need a
 * migration and a backfill for every change of a text. What this gives up: a row whose English text
 * no longer fits its template (the English template changed after it was written) is searched by
 * its stored English, and a parameter's text that holds the template's own fixed words between two
 * parameters may be split at the wrong place (the words found then differ from the screen's only
 * around that parameter).
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { MESSAGES, type MessageCode } from '../../../src/domain/messages';
import { SYSTEM_NOTICES } from '../../../src/domain/notification-notices';
import { notifications } from '../../db/schema';
import { templateIn } from './notice-texts';

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;
/** regexp_replace writes back groups \1 to \9 only. */
const MAX_GROUPS = 9;

/** Text that an ARE pattern reads as itself. */
const literal = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

/**
 * The pattern and replacement that turn a text written from `english` into the same text written
 * from `translated`, or null when that cannot be done (the translation names a parameter the
 * English does not, or there are more than nine).
 */
export function rewriteOf(english: string, translated: string): { pattern: string; replacement: string } | null {
  const groups = new Map<string, number>();
  let pattern = '';
  let last = 0;
  for (const m of english.matchAll(PLACEHOLDER)) {
    pattern += literal(english.slice(last, m.index));
    const name = m[1]!;
    const seen = groups.get(name);
    if (seen !== undefined) pattern += `\\${seen}`;
    else {
      groups.set(name, groups.size + 1);
      pattern += '(.*)';
    }
    last = m.index + m[0].length;
  }
  pattern = `^${pattern}${literal(english.slice(last))}$`;
  if (groups.size > MAX_GROUPS) return null;
  let missing = false;
  const replacement = translated
    .split(PLACEHOLDER)
    // split with a group alternates text and parameter names.
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/\\/g, '\\\\');
      const group = groups.get(part);
      if (group === undefined) missing = true;
      return `\\${group}`;
    })
    .join('');
  return missing ? null : { pattern, replacement };
}

const CODES: readonly MessageCode[] = [
  ...new Set(Object.values(SYSTEM_NOTICES).flatMap((n): MessageCode[] => [n.title, n.message])),
];

/** Per language, each code's rewrite from its English (read once: the templates do not change while the server runs). */
const rewrites = new Map<
  Exclude<PlatformMailLocale, 'en'>,
  { code: MessageCode; pattern: string; replacement: string }[]
>();
function rewritesIn(locale: Exclude<PlatformMailLocale, 'en'>) {
  let found = rewrites.get(locale);
  if (!found) {
    found = CODES.flatMap((code) => {
      const translated = templateIn(locale, code);
      const rewrite = translated === null ? null : rewriteOf(MESSAGES[code], translated);
      return rewrite ? [{ code, ...rewrite }] : [];
    });
    rewrites.set(locale, found);
  }
  return found;
}

/**
 * The title's (or the message's) words as a reader in `locale` sees them: a coded row's in their
 * language, anything else (an announcement, an English reader's) as stored. An English reader's
 * are the column itself, which foldedLike folds as the column's folded trigram index holds it.
 */
export function wordsSql(locale: PlatformMailLocale, part: 'title' | 'message'): SQL | AnyColumn {
  const stored = notifications[part];
  if (locale === 'en') return stored;
  const key = part === 'title' ? notifications.titleKey : notifications.messageKey;
  const cases = rewritesIn(locale).map(
    ({ code, pattern, replacement }) => sql`when ${code} then regexp_replace(${stored}, ${pattern}, ${replacement})`,
  );
  if (cases.length === 0) return stored;
  return sql`(case ${key} ${sql.join(cases, sql` `)} else ${stored} end)`;
}
