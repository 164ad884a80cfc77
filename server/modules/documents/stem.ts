/**
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), so that
 * "matches", "matched" and "matching" all meet "match" when a question is scored against a
 * document's sentences (docs/document-chat.md, *How answers are made*). No package in the
 * project provides one. Words of under three letters and words with digits are left as they are.
 */

const isConsonant = (w: string, i: number): boolean => {
  const c = w[i]!;
  if ('aeiou'.includes(c)) return false;
  if (c === 'y') return i === 0 || !isConsonant(w, i - 1);
  return true;
};

/** m, the number of vowel-consonant sequences in the stem: [C](VC)^m[V]. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

const hasVowel = (stem: string) => [...stem].some((_, i) => !isConsonant(stem, i));
const doubleConsonant = (w: string) =>
  w.length >= 2 && w[w.length - 1] === w[w.length - 2] && isConsonant(w, w.length - 1);
/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
const cvc = (w: string) => {
  const n = w.length;
  if (n < 3) return false;
  return isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !'wxy'.includes(w[n - 1]!);
};

/** Replaces `suffix` by `by` when the stem left has a measure above `min`; null when the suffix is not there. */
function replace(w: string, suffix: string, by: string, min: number): string | null {
  if (!w.endsWith(suffix)) return null;
  const stem = w.slice(0, -suffix.length);
  return measure(stem) > min ? stem + by : w;
}

const STEP2: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: [string, string][] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

function step1(w: string): string {
  if (w.endsWith('sses') || w.endsWith('ies')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  let cleanup = false;
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    cleanup = true;
  } else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3);
    cleanup = true;
  }
  if (cleanup) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (doubleConsonant(w) && !'lsz'.includes(w[w.length - 1]!)) w = w.slice(0, -1);
    else if (measure(w) === 1 && cvc(w)) w += 'e';
  }
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  return w;
}

function firstOf(w: string, rules: [string, string][], min: number): string {
  for (const [suffix, by] of rules) {
    const r = replace(w, suffix, by, min);
    if (r !== null) return r;
  }
  return w;
}

function step4(w: string): string {
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (suffix === 'ion' && !/[st]$/.test(stem)) return w;
    return measure(stem) > 1 ? stem : w;
  }
  return w;
}

function step5(w: string): string {
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !cvc(stem))) w = stem;
  }
  if (measure(w) > 1 && doubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}

const cache = new Map<string, string>();

/** The stem of a lower-case word. */
export function stem(word: string): string {
  if (word.length < 3 || /\d/.test(word)) return word;
  const known = cache.get(word);
  if (known !== undefined) return known;
  let out = step5(step4(firstOf(firstOf(step1(word), STEP2, 0), STEP3, 0)));
  // Step 1 turns a final y into i ("warranty" to "warranti"), which then misses "warranted": dropped.
  if (out.length > 4 && out.endsWith('i')) out = out.slice(0, -1);
  // Bounded: a hostile document must not grow the cache without end.
  if (cache.size > 50_000) cache.clear();
  cache.set(word, out);
  return out;
}
