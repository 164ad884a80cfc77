/**
 * How text compares where people read it in order: a list sorted by a name, an email, a title.
 * One rule, run in SQL by the server (server/db/sort-text.ts) and here for what compares text in
 * JavaScript (a list put together on the server from several sources, the tests):
 *
 * 1. the text folded: the accented Latin letters of TEXT_FOLDS to their plain lower-case letter,
 *    then A-Z to a-z ("Émile" and "emile" read as "emile", "ANN" as "ann");
 * 2. on a tie, the text itself, character by character ("Ann" before "ann": upper case first);
 * 3. on a tie, the caller's id (equal texts never swap places between pages).
 *
 * Characters are compared by their code point (UTF-8 byte order, SQL's COLLATE "C"), so the order
 * is the same on every engine and machine, whatever its locale. Letters outside A-Z and the
 * fold's table (Ł, Greek, Cyrillic) keep their case: identical everywhere rather than locale-true.
 */

/** Each plain letter after the accented lower-case letters folded into it (upper case is derived). */
export const TEXT_FOLDS: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćč',
  e: 'èéêëēėęě',
  i: 'ìíîïī',
  n: 'ñń',
  o: 'òóôõöøō',
  u: 'ùúûüūů',
  y: 'ýÿ',
  s: 'šś',
  z: 'žźż',
};

/** [accented, plain] for each letter of TEXT_FOLDS, lower and upper case. */
export const TEXT_FOLD_PAIRS: readonly (readonly [string, string])[] = Object.entries(TEXT_FOLDS).flatMap(
  ([plain, accented]) =>
    [...accented].flatMap((letter) => [[letter, plain] as const, [letter.toUpperCase(), plain] as const]),
);

const foldOf = new Map<string, string>(TEXT_FOLD_PAIRS);

/** Step 1 of the rule: the text as it sorts first. */
export function sortFold(text: string): string {
  let out = '';
  for (const c of text) {
    const folded = foldOf.get(c);
    if (folded) out += folded;
    else {
      const code = c.charCodeAt(0);
      out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : c;
    }
  }
  return out;
}

/** Code point order (UTF-16's `<` differs for characters past U+FFFF). */
function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
  }
  return x.length - y.length;
}

/** Steps 1 and 2 of the rule, for Array.sort; the caller breaks what is left by id. */
export function compareSortText(a: string, b: string): number {
  return byCodePoint(sortFold(a), sortFold(b)) || byCodePoint(a, b);
}
