/**
 * A document's index (its sentences, their terms, the document frequencies and each term's
 * postings: the sentences holding it) is built once from its stored chunks and kept in memory: a
 * ready document's chunks never change. A question reads only the postings of its terms.
 *
 * Here: the index's shape, its building (docs/document-chat.md, *How answers are made*): the
 * sentences (page-units.ts) with what each states (sentence-forms.ts) read once, BM25's length
 * part per sentence, the sections and entries they stand in (sections.ts); and the small readings
 * of it every part of the ranking shares (a sentence's text, its phrases, a term's IDF). Kept in
 * memory by document-index-cache.ts.
 */
import type { LayoutHeading } from './layout';
import { unitsOf, type Unit } from './page-units';
import { structureOf, type Structure } from './sections';
import {
  CONDITION_WORD,
  DATE,
  DEFAULT_VALUE,
  DURATION,
  FLAG_IN,
  FREQUENCY,
  LEADING_NUMBER,
  LEADS_WITH_FLAG,
  MANUAL_SECTION,
  MEANING,
  MODAL,
  MONEY,
  NUMBER,
  NUMBER_WORD,
  QUANTITY,
  REASON,
  RULE_STATEMENT,
  SECTION_NUMBER,
  TEMPERATURE,
  WEIGHT,
} from './sentence-forms';
import { monthTermsIn, namesOf, shortFormsIn, synonymsOf, termsOf, unhyphenated, wordUnitsOf } from './terms';

/** BM25's saturation of a term's repeats (K1) and how much a sentence's length discounts it (B). */
export const K1 = 1.2;
const B = 0.75;

/** A sentence (its terms and how often it holds each are in the index's postings). */
export interface Sentence extends Unit {
  /** Its phrases, two words side by side ("object identifier") as "a b": read when a question first needs them. */
  pairs?: Set<string>;
  length: number;
  hasNumber: boolean;
  /** A date: 04/13/2026, 2026-04-13, 2 October 2018, October 2018. */
  hasDate: boolean;
  hasQuantity: boolean;
  /** Speaks of an amount of money (MONEY): a price, a currency, "free of charge", "the cost of". */
  hasMoney: boolean;
  /** It speaks of a span of time or a length (DURATION): what "how long" asks for. */
  hasDuration: boolean;
  /** It gives a temperature or a weight in its unit (IN_UNIT): what "how cold" or "how heavy" asks for. */
  hasTemperature: boolean;
  hasWeight: boolean;
  hasModal: boolean;
  /** States a rule (RULE_STATEMENT). */
  hasRule: boolean;
  hasReason: boolean;
  /** Holds a conditional word ("if", "when", "unless": CONDITION_CLAUSE's). */
  hasCondition: boolean;
  /** A command-line flag (`-g`, `--log-socket=…`). */
  hasFlag: boolean;
  /** Says what something means ("stands for", "i.e.", "is short for"). */
  hasMeaning: boolean;
  /** States a default value (DEFAULT_VALUE), not only what happens "by default". */
  statesDefault: boolean;
  /** Opens with a flag (LEADS_WITH_FLAG): an option's own entry. */
  leadsWithFlag: boolean;
  /** The number a list's entry opens with as its label (LEADING_NUMBER: "2 Fatal error."), if any. */
  leadingNumber: string | undefined;
  /** A table of contents or index line (dot leaders), or a reference list's entry: never the answer. */
  isLeader: boolean;
  /**
   * Where the text after the heading that opens this sentence begins ("Using a Proxy Server" then
   * "When installing packages …"): a quote starting here reads as a sentence, not a run-on title.
   */
  bodyStart: number | undefined;
}

export interface DocumentIndex {
  pages: Map<number, string>;
  sentences: Sentence[];
  /** The sections and entries the sentences stand in. */
  structure: Structure;
  df: Map<string, number>;
  /**
   * Per term, the sentences that hold it (ascending) and how often each does: a question's words
   * are looked up there, not in every sentence.
   */
  postings: Map<string, Posting>;
  /** Per sentence, its page (what "same page" compares without reading the sentence). */
  pageOf: Int32Array;
  /** Per sentence, BM25's length part, K1 * (1 - B + B * length / avgLength). */
  lengthNorm: Float64Array;
  avgLength: number;
  chars: number;
}

export interface Posting {
  at: number[];
  tf: number[];
}

/** A reference list's heading, then its first entry's key or the end of the line: "References [Bla93] Richard Black.", "7. Bibliography". */
const REFERENCES = /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?(?:References|Bibliography|Works cited)(?:\s*$|\s+\[)/i;
/** What ends a reference list: a numbered heading, an appendix, a table's or a figure's caption. */
const AFTER_REFERENCES = /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}|Appendix\b|(?:Table|Figure|Fig\.) \d)/u;
/** A word of letters broken by hyphens ("world-wide", "e-mail"). */
const HYPHENATED = /(?<![\p{L}\p{N}-])\p{L}+(?:-\p{L}+)+(?![\p{L}\p{N}-])/gu;
/** The shortest text after a heading that is quoted without it (shorter, the heading is what it says). */
const HEADED_BODY_MIN = 40;
/** A version's release, as a question names it: "3.19.0" is also "3.19". */
const releaseOf = (t: string) => (/^\d+(?:\.\d+){2,}$/.test(t) ? [t.split('.').slice(0, 2).join('.')] : []);
/**
 * An algorithm's cost in big-O notation ("O(N log N)", "O(N (log N)^2)"): a formula, not words. Its
 * "log" is a logarithm, not a log file ("Where does bzip2 write its log?" met "… in O(N log N) time").
 */
const BIG_O = /\bO\((?:[^()]|\([^()]*\))*\)/g;

/**
 * A document's index from its pages' stored texts and the headings found by their type at indexing
 * (layout.ts; none for a document indexed before they were kept, or whose PDF sets no heading apart).
 */
export function buildIndex(pageTexts: Map<number, string>, headings: LayoutHeading[] = []): DocumentIndex {
  const numbers = [...pageTexts.keys()].sort((a, b) => a - b);
  const texts = numbers.map((n) => pageTexts.get(n)!);
  const headingAt = new Map(headings.map((h) => [`${h.page}:${h.start}`, h]));
  const starts = numbers.map((n) => headings.filter((h) => h.page === n).map((h) => h.start));
  const units = unitsOf(texts, starts).map((u) => ({ ...u, page: numbers[u.page - 1]! }));
  const df = new Map<string, number>();
  const postings = new Map<string, Posting>();
  let total = 0;
  // A sentence's term frequencies, counted afresh for each (kept only in the postings).
  const tf = new Map<string, number>();
  const sentences: Sentence[] = units.map((u, i) => {
    const text = pageTexts.get(u.page)!.slice(u.start, u.end);
    const terms = termsOf(text.replace(BIG_O, ' '));
    tf.clear();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    // Whole names count beside their parts, not in the sentence's length.
    for (const t of namesOf(text)) for (const v of [t, ...releaseOf(t)]) tf.set(v, (tf.get(v) ?? 0) + 1);
    // A long term also under the short word people type for it ("symbolic link" as "symlink"; terms.ts).
    for (const t of shortFormsIn(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
    // A date in numbers also under its month's name ("2024-03-01" as "march"; terms.ts).
    for (const t of monthTermsIn(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
    // A hyphenated word also as one word ("royalty-free" as "royaltyfree", "world-wide" as "worldwide").
    for (const m of text.matchAll(HYPHENATED)) {
      const j = unhyphenated(m[0]);
      if (j) tf.set(j, (tf.get(j) ?? 0) + 1);
    }
    for (const [t, n] of tf) {
      df.set(t, (df.get(t) ?? 0) + 1);
      const posting = postings.get(t);
      if (posting) {
        posting.at.push(i);
        posting.tf.push(n);
      } else postings.set(t, { at: [i], tf: [n] });
    }
    total += terms.length;
    // A date and a number always hold a digit; a constant's name (MAX_SIZE), an underscore.
    const hasNumber = NUMBER.test(text);
    // Written out, not spread from the unit: every sentence then shares one shape (spread, each had
    // a shape of its own, about half a kilobyte apiece, and the ranking read each by a slow look-up).
    return {
      page: u.page,
      start: u.start,
      end: u.end,
      runsOn: u.runsOn === true,
      row: u.row === true,
      pairs: undefined,
      length: terms.length,
      hasNumber,
      hasDate: hasNumber && DATE.test(text),
      hasQuantity:
        ((hasNumber || text.includes('_')) &&
          QUANTITY.test(text.replace(MANUAL_SECTION, '').replace(SECTION_NUMBER, ''))) ||
        NUMBER_WORD.test(text) ||
        FREQUENCY.test(text),
      hasMoney: MONEY.test(text),
      hasDuration: DURATION.test(text),
      hasTemperature: TEMPERATURE.test(text),
      hasWeight: WEIGHT.test(text),
      hasModal: MODAL.test(text),
      hasRule: RULE_STATEMENT.test(text),
      hasReason: REASON.test(text),
      hasCondition: CONDITION_WORD.test(text),
      hasFlag: FLAG_IN.test(text),
      hasMeaning: MEANING.test(text),
      statesDefault: DEFAULT_VALUE.test(text),
      leadsWithFlag: LEADS_WITH_FLAG.test(text),
      leadingNumber: LEADING_NUMBER.exec(text)?.[1],
      isLeader: /(\. ?){4}/.test(text),
      bodyStart: undefined,
    };
  });
  // A table of contents entry broken in two ("3 4.1." "My program uses the C++ STL…" "Valgrind
  // reports … ......"): the sentence between a bare number and a leader line is the contents too.
  sentences.forEach((s, i) => {
    const before = sentences[i - 1];
    if (
      !s.isLeader &&
      sentences[i + 1]?.isLeader &&
      before &&
      /^[\d.\s]+$/.test(pageTexts.get(before.page)!.slice(before.start, before.end))
    )
      s.isLeader = true;
  });
  // A paper's reference list ("References [Bla93] Richard Black. …"): its entries hold the words
  // of the works cited, not answers. It runs to the next numbered heading, appendix or caption.
  let inReferences = false;
  sentences.forEach((s) => {
    const text = pageTexts.get(s.page)!.slice(s.start, s.end);
    if (REFERENCES.test(text)) inReferences = true;
    else if (inReferences && AFTER_REFERENCES.test(text)) inReferences = false;
    if (inReferences) s.isLeader = true;
  });
  const chars = texts.reduce((n, t) => n + t.length, 0);
  // The sentences a heading found by its type opens. (One that is its heading alone stays
  // quotable, as a short numbered heading is: the quote goes on to the sentence after it.)
  const set = sentences.map((u, i) => {
    const h = headingAt.get(`${u.page}:${u.start}`);
    if (!h) return undefined;
    const text = pageTexts.get(u.page)!;
    let body = h.end;
    while (body < u.end && text[body] === ' ') body++;
    // Only a body that reads as a sentence of its own is quoted without its heading.
    if (u.end - body >= HEADED_BODY_MIN) u.bodyStart = body;
    // A heading alone at the foot of its page ("Design goals", its text on the next page) has
    // nothing to be quoted with: a quote never runs across pages. It heads its section, never answers.
    if (body >= u.end && sentences[i + 1]?.page !== u.page) u.isLeader = true;
    return { level: h.level, length: Math.min(h.end, u.end) - u.start };
  });
  const structure = structureOf(
    sentences.map((u) => pageTexts.get(u.page)!.slice(u.start, u.end)),
    set,
    sentences.map((u) => u.row === true),
  );
  const avgLength = total / Math.max(1, sentences.length);
  return {
    pages: pageTexts,
    sentences,
    structure,
    df,
    postings,
    pageOf: Int32Array.from(sentences, (s) => s.page),
    lengthNorm: Float64Array.from(sentences, (s) => K1 * (1 - B + (B * s.length) / avgLength)),
    avgLength,
    chars,
  };
}

/** The phrases of a text: each two words side by side (stemmed; a whole name is one word, stop words left out). */
export function pairsOf(text: string): Set<string> {
  const words = wordUnitsOf(text);
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) if (words[i] !== words[i + 1]) out.add(`${words[i]} ${words[i + 1]}`);
  return out;
}

export const sentenceText = (index: DocumentIndex, s: Unit) => index.pages.get(s.page)!.slice(s.start, s.end);

/** Inverse document frequency over the document's sentences; a word the document never uses is rarest. */
export const idfOf = (index: DocumentIndex, term: string) => {
  const n = index.sentences.length;
  const df = index.df.get(term) ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
};

export const knownTo = (index: DocumentIndex, t: string) =>
  index.df.has(t) || synonymsOf(t).some((s) => index.df.has(s));
