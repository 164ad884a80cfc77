/**
 * The terms a question and a document's sentences are compared by (docs/document-chat.md, *How
 * answers are made*): words of letters and digits, lower-cased and stemmed; the parts of names
 * written together (`FileName.ext`, `snake_case`, `camelCase`, `update-mime-database`) are terms
 * of their own, and a camelCase name is also kept whole. Words that carry no topic (articles,
 * pronouns, question words) are not terms.
 */
import { OPPOSITE_WORDS } from './opposite-words';
import { RELATED_WORDS } from './related-words';
import { stem } from './stem';
import { ADJECTIVES, VERBS } from './word-kinds';

// Function words; modal verbs and "not" are kept apart as the question's form (answer-offline).
const STOP = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by could did do does doing done down during each either else ever every few for from ' +
    'further get gets got had has have having he her here hers him his how i if in into is it its itself ' +
    'just let me more most my no nor not of off on once only or other our ours out over own same she so ' +
    'some such than that the their theirs them then there these they this those through to too under until ' +
    'up us very was we were what when where which while who whom whose why will with would you your yours ' +
    // "Able" and "unable" as the modal verbs they stand for ("be able to" is "can").
    'can may must should shall might cannot need needs able unable tell know want like please one ones thing things use used using ' +
    'kind sort way ways happen happens give gives given make makes made say says said go goes going ' +
    'still actually really exactly even yet already anymore basically simply ok okay alright stuff different ' +
    // Prepositions and sentence adverbs of everyday speech that name no topic ("refuse a --user install
    // inside my virtualenv", "force it to install anyway", "I'm behind a proxy at work"): as terms
    // they weighed as a rare word the passage lacked.
    'inside onto upon toward towards together whether instead anyway anyhow somehow ' +
    'behind beneath beside besides beyond across along around amid amidst among amongst ' +
    // Inflections of the verbs above, which are checked before stemming.
    'uses wants wanted needed knows tells told likes lets saying gotten went gone ' +
    // What is left of a contraction split at its apostrophe ("isn't" is "isn" and "t"): "isn" in a
    // question would meet an unrelated "isn't" of the document, and weigh as its rarest word.
    'isn aren wasn weren doesn don didn hasn haven hadn wouldn couldn shouldn mustn needn ll ve re'
  ).split(' '),
);

/**
 * Everyday words and the words documents tend to use for the same thing, both ways. A term met
 * through one of these counts less than the word itself (SYNONYM_WEIGHT).
 */
const SYNONYM_GROUPS = [
  'maximum highest largest biggest most limit upper longest',
  'minimum lowest smallest least fewest shortest',
  'delete remove erase drop discard',
  // "Does the media come with firmware?": "Debian official media may include firmware".
  'include contain come bundle',
  'start begin open',
  'end finish stop close exit quit terminate',
  'several multiple many parallel concurrent simultaneous',
  'thread threads concurrency',
  'fail failure fails error',
  'keep store retain save kept stored hold',
  'old previous replaced former',
  'allowed permitted may can',
  'required mandatory must necessary',
  'cost price fee charge charged costs pay',
  'payment pay paid',
  'buy purchase order',
  'car vehicle truck',
  'phone telephone call',
  'document file',
  'default initial',
  'size length bytes',
  'show display print',
  'fix repair',
  'change modify alter',
  'called entitled',
  'contact reach',
  'check verify validate enforce enforced',
  'choose chosen chose pick picked select selected',
  'constraint restriction limit',
  'create make generate produce output',
  'sign signed signature',
  'exceed beyond above',
  'big large',
  'small little',
  'case uppercase lowercase capital',
  'detect tell determine identify catch notice spot',
  // Everyday words for common terms of software and its manuals.
  'checksum crc hash digest',
  'deprecated obsolete outdated legacy',
  'send transmit',
  'speed performance throughput',
  'fast quick rapid',
  'memory ram',
  'folder directory',
  'application program app',
  'setting option preference',
  'bug defect flaw',
  'crash abort die segfault',
  'manual documentation guide',
  'problem issue trouble',
  'author writer creator',
  'upgrade update',
  'install setup',
  'download fetch retrieve',
  'email mail mailing',
  'processor cpu',
  'endian endianness',
  'uninstall remove',
  // A manual's "preserve" for what a hurried asker keeps ("keep the permissions").
  'preserve keep retain',
  // The newest version is a manual's "latest"; one exact version its "specific" one.
  'newest latest',
  'exact specific',
  // Unpacking an archive is a manual's extracting; skipping a file its excluding.
  'unpack extract',
  'skip exclude',
  // What to wear is a house's dress code.
  'wear dress clothes clothing attire outfit',
  // A venue's guests are the people of a party or a group.
  'guest people party group',
];

/**
 * Everyday phrases for what documents name with a term of their own ("come out" for a release,
 * "byte order" for endianness): the question is read with the term in their place. Their words
 * alone are too common to stand for the term.
 */
const PHRASES: [RegExp, string][] = [
  [/\b(?:come|comes|came|coming|put|puts|putting|bring|brings|brought) out\b/gi, 'release'],
  [/\bbyte[ -]order(?:ing)?\b/gi, 'byte order endianness'],
  [/\bturn(?:s|ed|ing)? (?:it |them )?off\b/gi, 'disable'],
  [/\bturn(?:s|ed|ing)? (?:it |them )?on\b/gi, 'enable'],
  [/\bset(?:s|ting)? up\b/gi, 'configure'],
  [/\bget(?:s|ting)? rid of\b/gi, 'remove'],
  // "See what's inside an archive", "leave out the .git folders": its contents, excluding.
  [/\bwhat(?:'s| is|s) inside\b/gi, 'contents'],
  [/\bleav(?:e|es|ing) out\b|\bleft out\b/gi, 'exclude'],
  [/\b(?:still|no longer|not) supported\b/gi, 'supported deprecated'],
  [/\b(?:past|beyond|off) the end\b/gi, 'overrun bounds'],
  [/\bwhere (.{1,60}) (?:come|comes|came|coming) from\b/gi, 'where $1 origin'],
  // A program's manual says where output goes, "standard output", never "the screen".
  [/\b(?:to|on) (?:the |my )?(?:screen|terminal|console)\b/gi, 'standard output stdout'],
  // "See what's going on" is asking for the program's debugging output.
  [/\bwhat(?:'s| is|s) going on\b/gi, 'debug'],
  // Signing in is logging in, written either way ("log in as", "login name").
  [/\b(?:sign|signs|signed|signing|log|logs|logged|logging) (?:in|on)\b/gi, 'login log in'],
  // "Am I allowed to sell …" asks whether one may: the form of the question, not a topic of its own.
  [/\b(?:am|are|is) (?:(?:i|we|you|it|one|anyone|someone) )?(?:allowed|permitted) to\b/gi, 'may'],
  // Someone who "went silent" gives no response; a character "in front" of another precedes it.
  [
    /\b(?:went|gone|go|goes|going) (?:silent|quiet)\b|\bstop(?:s|ped)? (?:answering|responding|replying)\b/gi,
    'no response',
  ],
  [/\bin front(?: of)?\b/gi, 'preceded'],
  // Turning someone away at the door is refusing them entry.
  [/\bturn(?:s|ed|ing)? (?:\w+ )?away\b/gi, 'refuse entry'],
  // "What time do you open?" asks when, as "when" does; "how old must I be?" an age, which a rule
  // states as "21 or older" (the form's words "how old" say what kind of answer, "older" what about).
  [/\b(?:at )?what time\b/gi, 'when'],
  [/\bhow old\b/gi, 'how old older'],
  // "In person" says how, as "instead" does, and names no one: a person it is not (stem.ts reads "people" as "person").
  [/\bin[ -]person\b/gi, ' '],
  // What people call a legal name and a vulnerability.
  [/\breal names?\b/gi, 'legal name'],
  [/\bsecurity holes?\b/gi, 'security bug vulnerability'],
  [/\b(?:upper|capital)(?: and |\/| or )lower(?:[ -]?case)?(?: letters)?\b/gi, 'case sensitive'],
];

/**
 * Contractions a hurried asker types without the apostrophe ("whats the flag", "dont overwrite"),
 * spelled out: "whats" would otherwise stem to "what", a topic word the document never writes as
 * a term, and "dont" would hide the "not" the question's form reads. Only forms that are not
 * English words of their own ("its", "well", "were", "ill", "shell" stay as typed).
 */
const UNAPOSTROPHED: Record<string, string> = {
  whats: 'what is',
  thats: 'that is',
  theres: 'there is',
  heres: 'here is',
  wheres: 'where is',
  hows: 'how is',
  whos: 'who is',
  whens: 'when is',
  whys: 'why is',
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  cant: 'cannot',
  wont: 'will not',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  werent: 'were not',
  hasnt: 'has not',
  havent: 'have not',
  hadnt: 'had not',
  shouldnt: 'should not',
  wouldnt: 'would not',
  couldnt: 'could not',
  mustnt: 'must not',
  im: 'i am',
  ive: 'i have',
  youre: 'you are',
  youve: 'you have',
  theyre: 'they are',
  weve: 'we have',
};
const UNAPOSTROPHED_WORD = new RegExp(`\\b(?:${Object.keys(UNAPOSTROPHED).join('|')})\\b`, 'gi');
/** The question with apostrophe-less contractions spelled out (UNAPOSTROPHED). */
export const spelledOut = (question: string) =>
  question.replace(UNAPOSTROPHED_WORD, (w) => UNAPOSTROPHED[w.toLowerCase()]!);

/**
 * A word of an everyday phrase that a document writes with another word in the phrase's place: an
 * "exit code" is a manual's "exit status". Unlike PHRASES, the question keeps its word, so a document
 * writing "exit code" meets it as before; one writing "exit status" meets it through the other word.
 */
const PHRASE_WORDS: [RegExp, string, string][] = [[/\b(?:exit|return|error) codes?\b/i, 'code', 'status']];
/** The question's words (stems) a document may write otherwise in its phrase (PHRASE_WORDS), with those other words' stems. */
export function phraseWordsOf(question: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [re, word, other] of PHRASE_WORDS)
    if (re.test(question)) out.set(stem(word), [...(out.get(stem(word)) ?? []), stem(other)]);
  return out;
}

/**
 * A manual's long terms under the short word people type for them ("symbolic link" as "symlink",
 * "configuration" as "config"): a sentence holding the term also holds the short form (buildIndex),
 * so a question typed either way finds it, and a document written with the short form is read as it is.
 */
const SHORT_FORMS: [RegExp, string][] = [
  [/\bsymbolic links?\b/i, 'symlink'],
  [/\bconfigurations?\b/i, 'config'],
  [/\bdirectory\b|\bdirectories\b/i, 'dir'],
  [/\brepository\b|\brepositories\b/i, 'repo'],
  [/\badministrators?\b/i, 'admin'],
];
/** Any of them, tested first: most sentences hold none, and one test costs less than five. */
const ANY_SHORT_FORM = /\b(?:symbolic link|configuration|director|repositor|administrator)/i;
/** The short words' stems, read on first use (termsOf's tables are set up below). */
let shortTerms: string[] | undefined;
export function shortFormsIn(text: string): string[] {
  if (!ANY_SHORT_FORM.test(text)) return [];
  shortTerms ??= SHORT_FORMS.map(([, word]) => termsOf(word)[0]!);
  return shortTerms.filter((_, k) => SHORT_FORMS[k]![0].test(text));
}
/** A date written in numbers: ISO ("2024-03-01") or slashed ("03/01/2024", "31/12/2024"). */
const NUMERIC_DATE = /\b(?:\d{4}-(\d\d)-\d\d|(\d{1,2})\/(\d{1,2})\/\d{4})\b/g;
const MONTH_NAMES = 'january february march april may june july august september october november december'.split(' ');
let monthTerms: (string | undefined)[] | undefined;
/**
 * The months of a text's dates written in numbers, as the terms of their names: asked "from March
 * 2024", a changelog's "beginning 2024-03-01" holds it. A slashed date is read month first, as this
 * product writes dates (MM/DD/YYYY), unless its first number cannot be a month ("31/12/2024").
 */
export function monthTermsIn(text: string): string[] {
  if (!/\d[-/]\d/.test(text)) return [];
  monthTerms ??= MONTH_NAMES.map((m) => termsOf(m)[0]);
  const out: string[] = [];
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const month = m[1] ?? (Number(m[2]) > 12 ? m[3] : m[2]);
    const t = monthTerms[Number(month) - 1];
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}
/** The question with everyday phrases read as the terms documents use (PHRASES). */
export const plainQuestion = (question: string) => PHRASES.reduce((q, [re, term]) => q.replace(re, term), question);
const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  const stems = [...new Set(group.split(' ').map(stem))];
  for (const s of stems) SYNONYMS.set(s, [...new Set([...(SYNONYMS.get(s) ?? []), ...stems.filter((o) => o !== s)])]);
}
export const SYNONYM_WEIGHT = 0.5;

export interface Token {
  term: string;
  /** Offsets in the text the token was read from. */
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const CAMEL = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;

/** An acronym's plural ("PDFs", "URLs", "APIs") is one word, not camelCase parts ("PD", "Fs"). */
const ACRONYM_PLURAL = /^\p{Lu}{2,}s$/u;
const CAMEL_PARTS = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** Each word of a text, lower-cased, with its offsets; a camelCase word then also gives its parts (at the word's offsets). */
function eachWord(text: string, f: (term: string, start: number, end: number) => void): void {
  // A camelCase word's letters are side by side: a text without them has none.
  const camel = CAMEL.test(text);
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const start = m.index;
    // The word after "non-" is its opposite, not its topic: "non-goals" are no goals, "non-free" is not free.
    if (text[start - 1] === '-' && /(?<![\p{L}\p{N}])non-$/iu.test(text.slice(Math.max(0, start - 5), start))) continue;
    f(raw.toLowerCase(), start, start + raw.length);
    if (camel && CAMEL.test(raw) && !ACRONYM_PLURAL.test(raw))
      for (const part of raw.split(CAMEL_PARTS)) if (part.length > 1) f(part.toLowerCase(), start, start + raw.length);
  }
}

/** The words of a text with their offsets; a camelCase word also gives its parts. */
export function wordsWithOffsets(text: string): Token[] {
  const out: Token[] = [];
  eachWord(text, (term, start, end) => out.push({ term, start, end }));
  return out;
}

const usable = (w: string) => (w.length > 1 || /\d/.test(w)) && !STOP.has(w);

/** "how long", "how many", "how much", "how often": the question's form (question-forms.ts), not its topic. */
const HOW = /\bhow (long|many|much|often|large|big|high|far|old|soon)\b/gi;

/** A text's terms (stemmed, stop words left out), in order, repeats kept. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  eachWord(text, (term) => {
    if (usable(term)) out.push(stem(term));
  });
  return out;
}

/**
 * A name written with dots, underscores or hyphens (`Override.xml`, `asn1_dup_node`, `big-endian`,
 * `1.0`). It starts where a word starts: one starting inside a word would be found only where the
 * whole word's is, and trying every letter of every word costs each word its length squared.
 */
const NAME = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+/gu;

/**
 * A text's words in order (stemmed, stop words left out), a name written with dots, underscores
 * or hyphens as one word: what phrases are read from ("object identifier", "mount point").
 */
export function wordUnitsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*/gu)) {
    const raw = m[0].toLowerCase();
    if (isName(raw) || usable(raw)) out.push(stem(raw));
  }
  return out;
}

/**
 * A command-line flag (`-t`, `--force`, `-lnettle`, `-9`): a hyphen or two after a space, an
 * opening bracket or quote, then a letter or digit. Single-letter flags keep their case (`-v` is
 * not `-V`); a word broken by a hyphen (`big-endian`) is no flag.
 */
const FLAG = /-(?<=(?:^|[\s([{"'‘“,/])-)-?[\p{L}\p{N}][\p{L}\p{N}-]*/gu;

/** A flag as a term: kept whole, not stemmed (its parts count only where written alone, as a name's). */
const flagTerm = (flag: string) => (/^-[\p{L}\p{N}]$/u.test(flag) ? flag : flag.toLowerCase());

/** A format's conversion ("%M", "%e", "%h"): kept whole and as written, "%M" is not "%m". (Not "50%", not "%E2".) */
const CONVERSION = /(?<![\p{L}\p{N}%])%\p{L}(?![\p{L}\p{N}])/gu;

/** The whole names of a text (see NAME) stemmed, its flags (see FLAG) and its format's conversions (CONVERSION). */
export const namesOf = (text: string) => [
  ...[...text.matchAll(NAME)].map((m) => stem(m[0].toLowerCase())),
  ...[...text.matchAll(FLAG)].map((m) => flagTerm(m[0])),
  ...(text.includes('%') ? [...text.matchAll(CONVERSION)].map((m) => m[0]) : []),
];

/** The text with its whole names, flags and conversions blanked out (what the question says in words of its own). */
export const withoutNames = (text: string) => text.replace(FLAG, ' ').replace(NAME, ' ').replace(CONVERSION, ' ');

/**
 * A question's two words side by side that a document may write as one ("debug info" for
 * "debuginfo", "file name" for "filename", "time stamp" for "timestamp"): each pair's joined
 * stem with the terms of its two words.
 */
export function joinedPairsOf(text: string): { joined: string; parts: [string, string] }[] {
  const words = [...text.matchAll(/\p{L}+/gu)];
  const out: { joined: string; parts: [string, string] }[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    // Side by side: only a space between them.
    if (a.index + a[0].length + 1 !== b.index || text[b.index - 1] !== ' ') continue;
    const [x, y] = [a[0].toLowerCase(), b[0].toLowerCase()];
    if (!usable(x) || !usable(y)) continue;
    out.push({ joined: stem(x + y), parts: [stem(x), stem(y)] });
  }
  return out;
}

/** Small words an acronym may keep the letter of inside a phrase ("end of life": EOL). */
const ACRONYM_INNER = new Set(['of', 'and', 'for', 'to', 'in', 'on']);

/**
 * A question's runs of three or four words a document may write as their initials ("daylight saving
 * time" for "DST", "long-term support" for "LTS", "end of life" for "EOL"): each run's initials as a
 * term (stemmed as the document's acronym is) with the terms of its words, the initials in
 * capitals and where the run stands. The caller keeps only those the document writes in capitals
 * ("pip release enable" is not the "pre" of "pre-release", "check certificate signatures" not the
 * "CC" of "CC-BY-SA": stemmed, "LTS" is "lt" too).
 */
export function acronymRunsOf(
  text: string,
): { joined: string; parts: string[]; initials: string; start: number; end: number }[] {
  const words = [...text.matchAll(/\p{L}+/gu)];
  const out: { joined: string; parts: string[]; initials: string; start: number; end: number }[] = [];
  for (let i = 0; i < words.length; i++)
    for (let len = 3; len <= 4 && i + len <= words.length; len++) {
      const run = words.slice(i, i + len);
      // Side by side: a space or a hyphen between each two ("long-term support").
      if (run.some((w, k) => k > 0 && !/^[ -]$/.test(text.slice(run[k - 1]!.index + run[k - 1]![0].length, w.index))))
        break;
      const lower = run.map((w) => w[0].toLowerCase());
      const inner = (w: string, k: number) => k > 0 && k < len - 1 && ACRONYM_INNER.has(w);
      if (!lower.every((w, k) => usable(w) || inner(w, k))) continue;
      const initials = lower.map((w) => w[0]).join('');
      const last = run[len - 1]!;
      out.push({
        joined: stem(initials),
        initials: initials.toUpperCase(),
        parts: lower.filter((w, k) => !inner(w, k)).map(stem),
        start: run[0]!.index,
        end: last.index + last[0].length,
      });
    }
  return out;
}

/**
 * A hyphenated word's joined form ("world-wide" is also "worldwide", "e-mail" "email"): what a
 * question may write in one word. Only words of letters: `asn1-decoding` stays a name.
 */
export const unhyphenated = (name: string) =>
  /^\p{L}+(?:-\p{L}+)+$/u.test(name) ? stem(name.replace(/-/g, '')) : null;

/** Whether a term is a whole name or a flag (its parts are terms of their own). */
export const isName = (term: string) => /[._-]/.test(term);

/** A question's distinct terms, each with the weight it is looked for with (1, or less for a synonym). */
export function questionTerms(question: string): Map<string, number> {
  const weights = new Map<string, number>();
  const own = ownTerms(question);
  for (const t of own) weights.set(t, 1);
  for (const t of own) for (const s of SYNONYMS.get(t) ?? []) if (!weights.has(s)) weights.set(s, SYNONYM_WEIGHT);
  return weights;
}

/**
 * "What is Ninja's main goal?", "the primary purpose of …": a word ranking one goal or reason above
 * the others asks for it, and is no topic (documents say "Its distinguishing goal is to be fast",
 * not "main"); as a term it weighed as the rarest word of the question, which no passage held.
 */
const RANKING_QUALIFIER =
  /\b(?:main|primary|chief|principal|key|major|biggest|overall)\s+(?=(?:goal|purpose|aim|objective|reason|difference|advantage|benefit|idea|point|feature|problem|concern|job|role)s?\b)/gi;

/** The question's own terms (no synonyms): what "how much of the question the document holds" is measured on. */
export const ownTerms = (question: string) =>
  [...new Set(termsOf(question.replace(HOW, ' ').replace(RANKING_QUALIFIER, ' ')))].slice(0, 32);

/** The synonyms of a term (stems). */
export const synonymsOf = (term: string) => SYNONYMS.get(term) ?? [];

/**
 * A word's related words from WordNet (related-words.ts, written by scripts/wordnet-related.ts):
 * the other words of its commonest senses, their derived forms, the sense one step more general and
 * a sense sharing a phrasal verb with it under that same general sense ("unpack" and "extract" are
 * both "take out", kinds of "remove"), stemmed. The ranking reads a question's word through them only where the document never uses
 * the word itself (RELATED_WEIGHT): the document's own term for an everyday word.
 */
let related: Map<string, string[]> | undefined;
export function relatedOf(term: string): string[] {
  if (!related) {
    related = new Map();
    for (const line of RELATED_WORDS.split('\n')) {
      const [key, ...rest] = line.split(' ');
      if (key && rest.length) related.set(key, rest);
    }
  }
  return related.get(term) ?? [];
}
/**
 * An adjective's opposites from WordNet (opposite-words.ts, written by scripts/wordnet-opposites.ts):
 * the words of the opposite cluster ("empt" -> "full", "load", "laden"), stemmed. A passage saying
 * "a loaded trailer" where the question asks of "an empty trailer" speaks of the other case.
 */
let opposite: Map<string, Set<string>> | undefined;
export function oppositesOf(term: string): ReadonlySet<string> | undefined {
  if (!opposite) {
    opposite = new Map();
    for (const line of OPPOSITE_WORDS.split('\n')) {
      const [key, ...rest] = line.split(' ');
      if (key && rest.length) opposite.set(key, new Set(rest));
    }
  }
  return opposite.get(term);
}
/** A term met through a WordNet relative counts this much of the term itself in a sentence's score… */
export const RELATED_WEIGHT = 0.35;
/** …and this much in how much of the question the passage holds (its coverage). */
export const RELATED_COVERAGE = 0.5;

/**
 * A written word's commonest part of speech when it is a verb or an adjective ("kick", "picked" are
 * verbs, "silent", "slower" adjectives; a noun, an adverb or a word WordNet does not count is
 * neither), by WordNet's counts (word-kinds.ts, written by scripts/wordnet-kinds.ts).
 */
let kinds: Map<string, 'verb' | 'adjective'> | undefined;
export function wordKindOf(word: string): 'verb' | 'adjective' | undefined {
  if (!kinds) {
    kinds = new Map();
    for (const w of VERBS.split(/\s+/)) if (w) kinds.set(w, 'verb');
    for (const w of ADJECTIVES.split(/\s+/)) if (w) kinds.set(w, 'adjective');
  }
  return kinds.get(word.toLowerCase());
}

/**
 * Reads the word lists above now rather than on first use (warm-up.ts): together about 20 ms of
 * a question's time, which the first question to need each one would otherwise pay.
 */
export function loadWordLists(): void {
  relatedOf('');
  oppositesOf('');
  wordKindOf('');
  shortFormsIn('configuration');
  monthTermsIn('2024-03-01');
}

/** Words after which the next word names a thing: articles, possessives, "which", quantifiers. */
const DETERMINER =
  /^(?:a|an|the|my|your|our|their|his|her|its|this|that|these|those|which|what|whose|some|any|no|every|each|another|other|many|much|few|several|all|both|more|most|\d+)$/;

/**
 * The question's wording words, which say how rather than what about: its everyday verbs ("wait",
 * "picked"), its adjectives said of something ("is slow", "went silent") and "someone",
 * "anything", "nobody". A passage may say them in words of its own ("passes" for "goes through"),
 * where a noun it lacks is a topic it does not have. A word is read as WordNet uses it most often
 * (wordKindOf); right after a determiner or a quantifier it names or describes a thing ("my report",
 * "an interview", "how many threads"); an adjective before another word of the question describes
 * it, and a verb's form between two words is a noun of a compound: both part of the topic
 * ("medical devices", "the TSC issue tracker"). Their stems.
 */
export function wordingWordsIn(question: string): Set<string> {
  const words = [...question.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0].toLowerCase());
  const out = new Set<string>();
  words.forEach((w, i) => {
    if (!usable(w)) return;
    // "Someone", "anything", "nobody": a pronoun, not a topic ("kick someone out").
    if (/^(?:some|any|no|every)(?:one|body|thing)$/.test(w)) {
      out.add(stem(w));
      return;
    }
    const kind = wordKindOf(w);
    if (!kind) return;
    const before = words[i - 1];
    const after = words[i + 1];
    // After a determiner a word names or describes a thing ("my report", "an interview", "the last word").
    if (before !== undefined && DETERMINER.test(before)) return;
    const beforeWord = after !== undefined && usable(after);
    // An adjective before a word describes it, and a verb's form between two words is a noun of a
    // compound: part of the topic ("medical devices", "the TSC issue tracker").
    if (beforeWord && (kind === 'adjective' || (before !== undefined && usable(before) && !wordKindOf(before)))) return;
    out.add(stem(w));
  });
  return out;
}
/**
 * A wording word of the question (wordingWordsIn) that the document uses but the passage lacks
 * counts this much of its weight in the passage's coverage (one the document never uses counts in
 * full: left out, it quoted questions the documents cannot answer).
 */
export const WORDING_COVERAGE = 0.7;
