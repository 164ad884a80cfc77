/**
 * What a question names, read against the document (docs/document-chat.md, *How answers are
 * made*): its terms that name something (a name, a flag, a capitalised word, a number), the counts
 * the asker gives ("a table of 10"), and whether it names something the document never writes
 * (Ranked.namesAbsent: then the chat says "not in this document").
 */
import { knownTo, type DocumentIndex } from './document-index';
import { namesOf, termsOf, wordsWithOffsets } from './terms';

/** A version number: "3.19", "3.16.1". */
const VERSION = /^\d+(?:\.\d+)+$/;

/**
 * The question's terms that name something: its whole names and flags, and the words written with
 * a digit or a capital past the question's first word ("XML", "macOS", "3.18.0", "Windows").
 */
export function namingTerms(question: string): Set<string> {
  const out = new Set(namesOf(question));
  const text = question.replace(/^\W+/, '');
  wordsWithOffsets(text).forEach((w, k) => {
    const raw = text.slice(w.start, w.end);
    const [term] = termsOf(w.term);
    if (term && (/\d/.test(raw) || /.\p{Lu}/u.test(raw) || (k > 0 && /^\p{Lu}/u.test(raw)))) out.add(term);
  });
  return out;
}

/**
 * An operating system the question asks about, however typed ("does it work on windows?", "on my
 * mac"), and how a document names it. Its stem alone would meet another word ("an X11 window",
 * a "MAC" that authenticates a message), so the document must write the platform's own name.
 */
const PLATFORMS: [asked: RegExp, named: RegExp][] = [
  [
    /\b(?:on|for|under|with|from|in|to|support|supports)\s+(?:ms[- ]?|microsoft\s+)?windows\b|\bwindows\s+(?:\d+|xp|vista|server|pc|machine|computer|laptop|users?|version)\b/i,
    /\bWindows\b|\bWin(?:32|64)\b|\bMicrosoft\b/,
  ],
  [
    /\b(?:on|for|under|with|from|in|to|support|supports)\s+(?:an?\s+|my\s+)?mac(?:book)?s?\b|\bmac\s?os\b|\bos x\b/i,
    /\bMac(?:intosh|OS|Book)?\b|\bOS X\b|\bDarwin\b|\bmacOS\b/,
  ],
];
const platformAbsent = (index: DocumentIndex, question: string) =>
  PLATFORMS.some(([asked, named]) => asked.test(question) && ![...index.pages.values()].some((p) => named.test(p)));

/**
 * A count the asker gives ("a table of 10", "for 12 guests", "after 20 days"): a number of one to
 * three digits after a word that makes it a count (COUNT_AFTER). The document need not write it (it
 * may say "more than 8 guests"), so it is no name the document lacks, and a sentence stating a
 * quantity holds it as a synonym would.
 */
const askerCount = (question: string, start: number, raw: string) =>
  /^\d{1,3}$/.test(raw) && COUNT_AFTER.test(question.replace(/^\W+/, '').slice(0, start));
/** The words after which a number is a count ("a table of 10", "for 12 guests", "more than 3"); after any other ("pip 10", "Python 2", "be 18") it may name something. */
const COUNT_AFTER =
  /(?:^|\b(?:of|for|than|over|under|about|around|least|most|to|with|after|before|within|in|on|at|by|per|or|and|a|an|the|has|have|had|need|needs|takes?|got|get|bring|brings|are|is)\s+)$/i;
/** The counts the asker gives in a question (askerCount), as its terms. */
export function askerCounts(question: string): Set<string> {
  const out = new Set<string>();
  const bare = question.replace(/^\W+/, '');
  for (const w of wordsWithOffsets(bare)) {
    const raw = bare.slice(w.start, w.end);
    if (askerCount(question, w.start, raw)) for (const t of termsOf(raw)) out.add(t);
  }
  return out;
}
/**
 * Whether the question names something the document never writes. A word of the question the document never uses that names something — capitalised past the
 * question's first word ("on Windows", "the Packed Encoding Rules", "macOS", "IDEA"), or holding a
 * digit ("X.509"), or a name or flag (`asn1_foo`, `--fast`) — means the document is about
 * something else: a document that never says "Windows" does not say how to do it on Windows.
 * An everyday word missing ("care", "turn on") is only a wording the document does not share.
 */
export function namesAbsentFrom(index: DocumentIndex, question: string): boolean {
  // A version the document never names ("3.20") is absent even when its numbers are there.
  let namesAbsent =
    platformAbsent(index, question) ||
    namesOf(question).some((n) => !index.df.has(n) && (VERSION.test(n) || !termsOf(n).every((t) => knownTo(index, t))));
  const words = wordsWithOffsets(question.replace(/^\W+/, ''));
  words.forEach((w, k) => {
    const [term] = termsOf(w.term);
    if (!term || knownTo(index, term)) return;
    const raw = question.replace(/^\W+/, '').slice(w.start, w.end);
    if (askerCount(question, w.start, raw)) return;
    if (/\d/.test(raw) || /.\p{Lu}/u.test(raw) || (k > 0 && /^\p{Lu}/u.test(raw))) namesAbsent = true;
  });
  return namesAbsent;
}
