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

/**
 * British spellings read as American ones, before stemming, so "licence" meets "license" and
 * "optimise" meets "optimize" (both the question and the document go through here, so a word
 * changed that has no other spelling meets nothing new): -our (colour), -ise/-isation
 * (organise), -yse (analyse), -tre/-bre (centre, fibre), -ogue (catalogue), -ence nouns (licence).
 */
function american(w: string): string {
  if (w.length < 6) return w;
  return w
    .replace(/^(\p{L}{3,})our(s|ed|ing|able|ite|ites|ful|less)?$/u, '$1or$2')
    .replace(/^(\p{L}{3,})is(e|es|ed|ing|er|ers|ation|ations)$/u, '$1iz$2')
    .replace(/^(\p{L}{2,})ys(e|es|ed|ing|er|ers)$/u, '$1yz$2')
    .replace(/^(\p{L}{2,}[^aeiou])(t|b)re(s|d)?$/u, '$1$2er$3')
    .replace(/^(\p{L}{3,})ogue(s|d)?$/u, '$1og$2')
    .replace(/^(licen|defen|offen|preten)ce(s|d)?$/u, '$1se$2');
}

/**
 * Comparatives of common adjectives read as the adjective ("faster" meets "fast", "larger"
 * "large"): Porter leaves -er, and a question asks "is it faster" of a text that says "fast".
 * Superlatives stay apart: they ask for an extreme (terms.ts maps those to maximum/minimum).
 */
const COMPARATIVE = new Map<string, string>();
for (const base of (
  'fast slow large small big long short high low quick easy hard new old early late safe strong weak ' +
  'simple cheap close few great wide narrow deep near far tight loose light heavy dense clean fine rich ' +
  'poor young fresh busy tiny huge hot cold warm cool thin thick soft loud quiet rare smooth sharp dark'
).split(' ')) {
  const cvcShort = /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base);
  const er = base.endsWith('e')
    ? `${base}r`
    : base.endsWith('y')
      ? `${base.slice(0, -1)}ier`
      : cvcShort
        ? `${base}${base.at(-1)}er`
        : `${base}er`;
  COMPARATIVE.set(er, base);
}
COMPARATIVE.set('better', 'good');
COMPARATIVE.set('worse', 'bad');

/**
 * Irregular verbs' past forms read as the verb ("sent" meets "send", "overwritten" meets
 * "overwrites"): Porter only strips regular endings. Forms that are mostly other words in
 * technical text are left out ("bit", "bound", "left", "saw", "lay", "led", "won").
 */
const IRREGULAR = new Map<string, string>();
/** Each line "base form form …" of a '|'-separated list read into IRREGULAR. */
const readForms = (lines: string) => {
  for (const line of lines.split('|')) {
    const [base, ...forms] = line.split(' ');
    for (const f of forms) IRREGULAR.set(f, base!);
  }
};
readForms(
  'arise arose arisen|bear bore borne|beat beaten|become became|begin began begun|bend bent|bite bitten|' +
    'blow blew blown|break broke broken|bring brought|build built|buy bought|catch caught|choose chose chosen|' +
    'come came|deal dealt|dig dug|draw drew drawn|drive drove driven|eat ate eaten|fall fell fallen|' +
    'fight fought|find found|fly flew flown|forbid forbade forbidden|forget forgot forgotten|' +
    'forgive forgave forgiven|freeze froze frozen|grow grew grown|hang hung|hear heard|hide hid hidden|' +
    'hold held|keep kept|know knew known|lend lent|lose lost|mean meant|meet met|pay paid|prove proven|' +
    'ride rode ridden|rise rose risen|run ran|seek sought|sell sold|send sent|shake shook shaken|' +
    'show shown|shrink shrank shrunk|sing sang sung|sink sank sunk|sleep slept|speak spoke spoken|' +
    'spend spent|spin spun|stand stood|steal stole stolen|stick stuck|strike struck|swear swore sworn|' +
    'sweep swept|swim swam swum|take took taken|teach taught|tear tore torn|tell told|think thought|' +
    'throw threw thrown|wake woke woken|wear wore worn|write wrote written|withdraw withdrew withdrawn|' +
    'see seen|give gave|undo undid undone|go went gone',
);
/**
 * Irregular plurals read as their noun ("emeriti" meets "emeritus", "people" "person", "criteria"
 * "criterion"): Porter leaves them apart. Plurals that are mostly a verb's form or another word's
 * plural in technical text are left out ("leaves", "lives", "bases", "data").
 */
readForms(
  'child children|person people|man men|woman women|mouse mice|foot feet|tooth teeth|goose geese|' +
    'criterion criteria|phenomenon phenomena|medium media|emeritus emeriti|alumnus alumni|radius radii|' +
    'stimulus stimuli|nucleus nuclei|syllabus syllabi|focus foci|index indices|matrix matrices|' +
    'vertex vertices|appendix appendices|analysis analyses|axis axes|crisis crises|thesis theses|' +
    'hypothesis hypotheses|parenthesis parentheses|schema schemata|knife knives|wife wives|half halves|' +
    'shelf shelves|wolf wolves|thief thieves',
);
const PREFIXED = /^(over|under|re|un|out|mis|with|up|fore)(\p{L}{3,})$/u;
/** A word's irregular past form read as its verb, also after a prefix ("overwritten", "rebuilt"). */
function regular(w: string): string {
  const base = IRREGULAR.get(w);
  if (base) return base;
  const m = PREFIXED.exec(w);
  const after = m && IRREGULAR.get(m[2]!);
  return after ? m[1]! + after : w;
}

/**
 * Nouns and the verbs they are made from, which Porter leaves apart ("comparison" / "compare",
 * "failure" / "fail", "description" / "describe"): the noun's stem is read as the verb's.
 */
const DERIVED = new Map(
  Object.entries({
    comparison: 'compar',
    failur: 'fail',
    descript: 'describ',
    subscript: 'subscrib',
    prescript: 'prescrib',
    decis: 'decid',
    divis: 'divid',
    provis: 'provid',
    collis: 'collid',
    conclus: 'conclud',
    inclus: 'includ',
    exclus: 'exclud',
    permiss: 'permit',
    admiss: 'admit',
    transmiss: 'transmit',
    submiss: 'submit',
    omiss: 'omit',
    emiss: 'emit',
    assumpt: 'assum',
    consumpt: 'consum',
    resolut: 'resolv',
    solut: 'solv',
    recept: 'receiv',
    absorpt: 'absorb',
    destruct: 'destroi',
    explan: 'explain',
    introduct: 'introduc',
    mainten: 'maintain',
    storag: 'store',
    usag: 'us',
    respons: 'respond',
    repetit: 'repeat',
    analysi: 'analyz',
    expiri: 'expir',
    recoveri: 'recov',
    deliveri: 'deliv',
    discoveri: 'discov',
    departur: 'depart',
    mixtur: 'mix',
    closur: 'close',
    signatur: 'sign',
    pressur: 'press',
    exposur: 'expos',
    disclosur: 'disclos',
    enclosur: 'enclos',
    seizur: 'seiz',
    breakag: 'break',
    leakag: 'leak',
    shortag: 'short',
    coverag: 'cover',
    linkag: 'link',
    wastag: 'wast',
    abil: 'abl',
    simplic: 'simpl',
    specifi: 'specif',
  }),
);

const cache = new Map<string, string>();

/** The stem of a lower-case word. */
export function stem(word: string): string {
  // Only words of 3 letters or more without a digit are cached.
  const known = cache.get(word);
  if (known !== undefined) return known;
  if (word.length < 3 || /\d/.test(word)) return word;
  const w = american(COMPARATIVE.get(word) ?? regular(word));
  let out = step5(step4(firstOf(firstOf(step1(w), STEP2, 0), STEP3, 0)));
  // Step 1 turns a final y into i ("warranty" to "warranti"), which then misses "warranted": dropped.
  out = DERIVED.get(out) ?? out;
  if (out.length > 4 && out.endsWith('i')) out = out.slice(0, -1);
  // Bounded: a hostile document must not grow the cache without end.
  if (cache.size > 50_000) cache.clear();
  cache.set(word, out);
  return out;
}
