/**
 * The answer with no model (docs/document-chat.md, *How answers are made*): the sentence that
 * answers, quoted word for word from its page and followed by the page (`"…" [p. 3]`), with one
 * neighbouring sentence where the answer needs it (a sentence that opens with "It" or "This", a
 * label ending in ":", a line too short to stand alone). Up to two more places are quoted when
 * they score nearly as well. When the best passage holds too little of the question
 * (MIN_COVERAGE, calibrated with `npm run eval:documents` on questions the documents cannot
 * answer) the answer is the plain NOT_FOUND_ANSWER. Nothing is ever written that is not on the page.
 */
import { NOT_FOUND_ANSWER, type Citation } from '../../../src/domain/documents/documents';
import type { Db } from '../../db/client';
import { asksForAuthor, authorCitation } from './authorship';
import { addresseeCitation, asksForAddressee, asksForSigner, signerCitation } from './correspondence';
import { sentenceText, type DocumentIndex } from './document-index';
import { documentIndex } from './document-index-cache';
import type { Ranked } from './ranked';
import { rank } from './ranking';
import { CHANGES_BEHAVIOUR, INSTRUCTS } from './sentence-forms';
import { termsOf } from './terms';

/** At most this many quotes in one answer. */
const MAX_QUOTES = 3;
/** Below this share of the question's terms (by IDF) in the best passage, the document does not answer. */
export const MIN_COVERAGE = 0.5;
/**
 * When the best passage lacks the question's rarest word, it must hold at least this share of the
 * rest: more when that word names something ("XML", "3.18.0": the passage is about something
 * else) than when it is an everyday word the document happens to use rarely ("add", "slow").
 */
export const MIN_COVERAGE_WITHOUT_RAREST_NAME = 0.65;
export const MIN_COVERAGE_WITHOUT_RAREST = 0.55;

/**
 * A yes/no question met by a sentence stating a rule that holds its rarest word (Ranked.statesRule)
 * answers when the passage holds this share of the question's words the document uses, however much
 * one everyday word the document never uses weighs ("Do I have to pay royalties …?" "… grants a
 * royalty-free license …": the document never says "pay").
 */
export const MIN_KNOWN_COVERAGE_FOR_RULE = 0.6;
/** …and the question has at least this many words the document uses, and at most this many it never does. */
export const MIN_KNOWN_WORDS_FOR_RULE = 2;
export const MAX_ABSENT_WORDS_FOR_RULE = 1;
/**
 * …and the rarest word the rule holds is nearly as rare as a word the document never uses (its
 * IDF this share of one's): it then stands for the question as the absent word would have.
 */
export const MIN_RAREST_RARITY_FOR_RULE = 0.7;

/** Whether a ranked passage holds enough of the question to answer it. */
export const answers = (r: Ranked) =>
  !r.namesAbsent &&
  !r.lacksQuantity &&
  !r.lacksVersion &&
  !r.lacksTime &&
  !r.lacksAskedFlag &&
  !r.lacksComparison &&
  !r.lacksPrevention &&
  !r.lacksRemoval &&
  !r.missesKind &&
  !r.kindAbsent &&
  !r.onlyNamesAsked &&
  !r.measuresOther &&
  !r.lacksAgent &&
  !r.statesOpposite &&
  !r.ofAnother &&
  !r.lacksAct &&
  !r.lacksPlace &&
  !r.lacksDefault &&
  !r.reasonFromAmounts &&
  ((r.coverage >= MIN_COVERAGE &&
    (!r.missesRarest ||
      r.coverage >= (r.missesRarestName ? MIN_COVERAGE_WITHOUT_RAREST_NAME : MIN_COVERAGE_WITHOUT_RAREST))) ||
    answersRule(r) ||
    r.glossesAsked);

/** A rule stated in the document answering a yes/no question in other words than its own (MIN_KNOWN_COVERAGE_FOR_RULE). */
const answersRule = (r: Ranked) =>
  r.statesRule &&
  r.knownWords >= MIN_KNOWN_WORDS_FOR_RULE &&
  r.absentWords <= MAX_ABSENT_WORDS_FOR_RULE &&
  r.rarestRarity >= MIN_RAREST_RARITY_FOR_RULE &&
  r.knownCoverage >= MIN_KNOWN_COVERAGE_FOR_RULE;
/** Another place is quoted too when it scores at least this share of the best one. */
const ALSO_SHARE = 0.85;
/** A sentence shorter than this is quoted with a neighbour. */
const SHORT = 40;
/** A quote with its context stays under this length. */
const QUOTE_MAX = 600;

export interface Answer {
  text: string;
  citations: Citation[];
}

const NOT_FOUND: Answer = { text: NOT_FOUND_ANSWER, citations: [] };
const LEANS_BACK =
  /^(?:(?:if|when|and|but|so|since|because|unless|as|once) )?(it|its|this|these|that|those|they|their|such|then|otherwise|however|also|here|there(?! (?:is|are|was|were)\b))\b/i;
/** "There are several reasons for …", "… as follows": the sentence announces what the next ones say. */
const ANNOUNCES =
  /\b(?:several|many|two|three|four|a few|some|the following) (?:reasons|ways|causes|cases|steps|rules|advantages|benefits|problems|differences)\b|\b(?:as follows|the following)[.:]?$/i;
/** A sentence drawing the conclusion of the one before it. */
const CONCLUDES = /^(?:therefore|thus|hence|consequently|so)\b,?/i;
type Sentence = DocumentIndex['sentences'][number];
/** A sentence amending the one before it: it opens so, or its first clause is set off by "however" ("Support for this must be provided by the tool, however, and …"). */
const AMENDS = /^(?:\[?update:|however\b|but\b|alas\b|note that\b)|^[^.!?;,]{1,80}, (?:however|though),/i;
const STARTS_LOWER = /^\p{Ll}/u;
/** A sentence saying something is not so ("is not a reliable way", "no longer works"). */
const NEGATES = /\b(?:not|no longer|never|cannot)\b|n['’]t\b/i;
/** …and the next one offering what is ("a much better way", "instead", "rather", "is preferred"). */
const BETTER = /\b(?:better|instead|rather|preferred|recommended)\b/i;
/** "Due date: 04/13/2026": a form field reads alone, however short. */
const FIELD = /^[^:]{1,40}: \S/;

/** Whether two sentences are about the same thing: the second repeats a word (a stem) of the first. */
function cohesive(a: string, b: string): boolean {
  const words = new Set(termsOf(a));
  return termsOf(b).some((t) => words.has(t));
}

/** The quote for a ranked sentence: the sentence, and the neighbour it needs to be read alone. */
function quoteFor(index: DocumentIndex, r: Ranked): { start: number; end: number } {
  const { sentences } = index;
  const s = r.sentence;
  const prev = sentences[r.index - 1]?.page === s.page ? sentences[r.index - 1] : undefined;
  const next = sentences[r.index + 1]?.page === s.page ? sentences[r.index + 1] : undefined;
  const after = sentences[r.index + 2]?.page === s.page ? sentences[r.index + 2] : undefined;
  const text = sentenceText(index, s);
  let { start, end } = s;
  const fits = (a: number, b: number) => b - a <= QUOTE_MAX;
  // A sentence cut for length is quoted whole: the piece ranked ("… at a charge no more than the
  // cost of") with the rest of its sentence ("distribution to the recipient; …"), and a rest with
  // its beginning. A sentence is what a reader quotes; the neighbours below then go on from it.
  if (s.runsOn && next && fits(start, next.end)) end = next.end;
  if (prev?.runsOn && fits(prev.start, end)) start = prev.start;
  // A sentence cut for length is whole already; a piece of one is not read as a sentence leaning on its neighbour.
  const whole = start !== s.start || end !== s.end;
  // A release's header ("tzdata (2022f-1) unstable; urgency=high") is quoted with its first entry, what changed.
  if (!whole && next && index.structure.releases.has(r.index) && fits(start, next.end)) end = next.end;
  // A glossary's line goes on after a dash ("• RSLGTM: Rubber-Stamp Looks Good To Me" "- The reviewer approves …").
  else if (!whole && next && r.glossesAsked && /^[-–—]\s/.test(sentenceText(index, next)) && fits(start, next.end))
    end = next.end;
  else if (!whole && next && (/:$/.test(text) || ANNOUNCES.test(text)) && fits(start, next.end)) end = next.end;
  else if (
    !whole &&
    prev &&
    (LEANS_BACK.test(text) || STARTS_LOWER.test(text) || /:$/.test(sentenceText(index, prev))) &&
    fits(prev.start, end)
  )
    start = prev.start;
  else if (!whole && text.length < SHORT && !FIELD.test(text)) {
    if (next && fits(start, next.end)) end = next.end;
    else if (prev && fits(prev.start, end)) start = prev.start;
  }
  // Asked for a number, a date or a value the sentence does not hold, the sentence after it that
  // does is quoted along (a setting's name, then its default; a signature, then its date); asked
  // what to do, the one giving the option ("… sent over the network." then "Give Valgrind the
  // option --log-socket=…"); asked why, the one giving the cause ("… get the wrong function
  // names." then "This is caused by glibc using aliases…"). It may be the second after, past a
  // sentence saying what goes wrong ("… later overwritten." "If this happens, though, …" "You
  // should try running with --smc-check=all in this case.").
  const lacking = r.preventionInNext
    ? (u: Sentence) => CHANGES_BEHAVIOUR.test(sentenceText(index, u))
    : r.defaultInNext
      ? (u: Sentence) => u.statesDefault
      : r.lacksNumber
        ? (u: Sentence) => u.hasNumber
        : r.lacksFlag
          ? (u: Sentence) => u.hasFlag
          : r.lacksReason
            ? (u: Sentence) => u.hasReason
            : r.lacksInstruction
              ? (u: Sentence) => INSTRUCTS.test(sentenceText(index, u))
              : null;
  if (lacking && end === s.end) {
    const to = next && lacking(next) ? next : next && after && lacking(after) ? after : undefined;
    if (to && fits(start, to.end)) end = to.end;
  }
  // Asked what to do, a sentence inside an option's entry that names no flag is quoted from the
  // entry's head, which names the option ("-i identity_file Selects a file …" then "You can also
  // specify a public key file …"): the option is what the asker types. (After the step above: a
  // flag the next sentence gives is quoted along too.)
  const headAt = index.structure.entryOf[r.index]!;
  const head = r.lacksFlag && headAt >= r.index - 2 ? sentences[headAt] : undefined;
  if (head && head !== s && head.page === s.page && head.leadsWithFlag && start === s.start && fits(head.start, end))
    start = head.start;
  // The sentence after goes on with the answer: it is about the same thing (it repeats a word of
  // this one) and holds a word of the question the quote so far lacks ("The command option --collect-systime
  // has been enhanced to specify the unit …" then "The command option now accepts the values
  // no|yes|msec|usec|nsec, where yes is a synonym of msec.").
  if (end === s.end && next && r.nextHolds && fits(start, next.end)) {
    const quoted = new Set(termsOf(index.pages.get(s.page)!.slice(start, end)));
    if (r.nextHolds.some((t) => !quoted.has(t)) && cohesive(text, sentenceText(index, next))) end = next.end;
  }
  // The sentence after draws the conclusion ("No. The environment … is different." then
  // "Therefore Valgrind has to have full control from the very start."): quoted along.
  if (end === s.end && next && CONCLUDES.test(sentenceText(index, next)) && fits(start, next.end)) end = next.end;
  // The sentence after amends it ("… brings support for Rust v0 name demangling." then "[Update:
  // alas, due to a bug, this support isn't working in 3.18.0.]"): the answer is both.
  else if (end === s.end && next && AMENDS.test(sentenceText(index, next)) && fits(start, next.end)) end = next.end;
  // A sentence saying what does not do ("… /etc/debian_version is not a reliable way to know that
  // anymore.") followed by the one that does ("Looking at … sources.list is probably a much better
  // way."): the answer is the second, read with the first.
  else if (
    end === s.end &&
    next &&
    NEGATES.test(text) &&
    BETTER.test(sentenceText(index, next)) &&
    fits(start, next.end)
  )
    end = next.end;
  // A quote opening with the heading its sentence stands under starts after it: the page shows the heading.
  if (start === s.start && s.bodyStart !== undefined && s.bodyStart < end) start = s.bodyStart;
  return { start, end };
}

/** A ranked sentence of one of the documents asked. */
interface Candidate<D> {
  doc: D;
  index: DocumentIndex;
  r: Ranked;
}

/**
 * The places to quote: the best-ranked sentence, if it answers, then up to two more that answer
 * and score nearly as well (not a neighbour of one already quoted: it is in that passage; nor the
 * same words on another page of its document, which say nothing new: a slide built up over
 * several pages, a paragraph every release repeats).
 * Across documents each document's own best must answer for any of its sentences to count.
 */
function pick<D>(perDocument: { doc: D; index: DocumentIndex; ranked: Ranked[] }[]): Candidate<D>[] {
  const all: Candidate<D>[] = [];
  for (const { doc, index, ranked } of perDocument) {
    if (!ranked[0] || !answers(ranked[0])) continue;
    // Nothing under ALSO_SHARE of this document's best can be quoted (the best across is no lower).
    for (const r of ranked) {
      if (r.score < ALSO_SHARE * ranked[0].score) break;
      if (answers(r)) all.push({ doc, index, r });
    }
  }
  // The same sentence scoring the same on several pages (a slide built up page by page): the page
  // where it is quoted with most of what follows it ("… they stop printing at the first pause." with
  // "Setting GROPDF_NOSLIDE=1 … disables the pauses", shown one page later) comes first.
  const reach = (c: Candidate<D>) => {
    const { start, end } = quoteFor(c.index, c.r);
    return end - start;
  };
  all.sort(
    (a, b) =>
      b.r.score - a.r.score ||
      (a.doc === b.doc && sentenceText(a.index, a.r.sentence) === sentenceText(b.index, b.r.sentence)
        ? reach(b) - reach(a)
        : 0),
  );
  const best = all[0];
  if (!best) return [];
  const picked = [best];
  for (const c of all.slice(1)) {
    if (picked.length >= MAX_QUOTES || c.r.score < ALSO_SHARE * best.r.score) break;
    const words = sentenceText(c.index, c.r.sentence);
    if (
      picked.every(
        (p) =>
          p.doc !== c.doc || (Math.abs(p.r.index - c.r.index) > 1 && sentenceText(p.index, p.r.sentence) !== words),
      )
    )
      picked.push(c);
  }
  return picked;
}

const citationOf = ({ index, r }: { index: DocumentIndex; r: Ranked }): Citation => {
  const { start, end } = quoteFor(index, r);
  return { page: r.sentence.page, quote: index.pages.get(r.sentence.page)!.slice(start, end) };
};

export function offlineAnswerFrom(index: DocumentIndex, question: string): Answer {
  // Asked who wrote the document, its title page answers (authorship.ts); asked who signed a letter
  // or whom it is addressed to, its closing or its salutation does (correspondence.ts); else the ranking does.
  const read = asksForAuthor(question)
    ? authorCitation(index)
    : asksForSigner(question)
      ? signerCitation(index)
      : asksForAddressee(question)
        ? addresseeCitation(index)
        : null;
  if (read) return { text: `"${read.quote}" [p. ${read.page}]`, citations: [read] };
  const ranked = rank(index, question);
  // One document: only its best decides (a lower one that answers never stands in for it).
  if (!ranked[0] || !answers(ranked[0])) return NOT_FOUND;
  const citations = pick([{ doc: null, index, ranked }]).map(citationOf);
  const text = citations.map((c) => `"${c.quote}" [p. ${c.page}]`).join('\n\n');
  return { text, citations };
}

/** A document asked in an answer over all of them. */
export interface DocumentRef {
  fileId: string;
  fileName: string;
  /** The label the markers cite it by, unique in the answer (two documents may share a name). */
  label: string;
}

/**
 * The offline answer over several documents: each ranked with its own index (its own word
 * frequencies), the best places across them quoted, each marker naming its document by its
 * label, `"…" [D2, p. 3]`, and each citation the document.
 */
export function offlineAnswerAcross(docs: { doc: DocumentRef; index: DocumentIndex }[], question: string): Answer {
  const picked = pick(docs.map(({ doc, index }) => ({ doc, index, ranked: rank(index, question) })));
  if (picked.length === 0) return NOT_FOUND;
  const citations = picked.map((c) => ({
    ...citationOf(c),
    fileId: c.doc.fileId,
    fileName: c.doc.fileName,
    label: c.doc.label,
  }));
  const text = citations.map((c) => `"${c.quote}" [${c.label}, p. ${c.page}]`).join('\n\n');
  return { text, citations };
}

/** The offline answer to a question about a stored document, as the chat server gives it (and the evaluation scores it). */
export async function answerOffline(db: Db, documentId: string, question: string): Promise<Answer> {
  return offlineAnswerFrom(await documentIndex(db, documentId), question);
}
