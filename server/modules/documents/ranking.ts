/**
 * Ranking a document's sentences for a question (docs/document-chat.md, *How answers are made*).
 * A sentence is scored with its neighbours: each of the question's terms counts once, at its
 * best place in the passage (the sentence itself, or at NEIGHBOUR_SHARE a neighbour on the same
 * page), weighted by BM25 (rare words over common ones, repeats saturating, long sentences
 * discounted). The question's form adds a cue: "how many / what value / default / limit" prefers
 * a sentence holding a number, "may / must / can / is it allowed" one holding a modal or a "not".
 * A whole name written with dots, underscores or hyphens (`asn1_delete_structure`) or a flag
 * (`-t`, `--force`) is a term of its own beside its parts; it is held by the sentences of the
 * entry it heads (sections.ts), not by a neighbour that merely mentions it. A sentence also holds
 * the words of its section's title (SECTION_SHARE), and a mention of a word that heads another
 * entry or section counts less (PASSING_SHARE): the place about a thing outranks a passing
 * mention. A question's two words side by side that the document also writes so ("mount point")
 * add a little; a form's label naming a word of the question ("Due date:") adds a cue. The
 * question is read with everyday phrases as the document's terms ("come out" as a release, terms.ts
 * PHRASES); "what does X mean" asks about X, and prefers a sentence saying what something stands
 * for. An everyday word the document never uses is read through its WordNet relatives that it does
 * use (terms.ts relatedOf: "sell" as "exchange"), below its weight. A version the question names ("3.19") is held by the sentences naming its releases ("3.19.0").
 * `coverage` is the share of the question's own terms (by IDF) the passage holds (a verb or another
 * wording word the document uses but the passage lacks counting less, terms.ts wordingWordsIn); the
 * score grows with it, and the chat says "not in this document" below a calibrated line (answer-offline.ts).
 *
 * Where each part lives: rank() below reads the question once (question-reading.ts; its forms in
 * question-forms.ts, what it names in question-names.ts), finds where the document holds it
 * (question-holds.ts: BM25, phrases, PASSING_SHARE), scores each sentence (sentence-scoring.ts) with
 * what it is read with (sentence-frames.ts: NEIGHBOUR_SHARE, SECTION_SHARE) and the checks of what
 * it states against what is asked (sentence-checks.ts, sentence-forms.ts), then sorts them (what
 * each gives: ranked.ts). The document's index is document-index.ts, kept in memory by
 * document-index-cache.ts.
 */
import type { DocumentIndex } from './document-index';
import { holdsOf } from './question-holds';
import { readQuestion } from './question-reading';
import type { Ranked } from './ranked';
import { framed } from './sentence-frames';
import { scoreSentence } from './sentence-scoring';

/** Ranked.nextHolds is read for this many of the best sentences (an answer quotes at most three places). */
const NEXT_READ = 8;

/** The document's sentences that may answer the question, best first (ties in the document's order). */
export function rank(index: DocumentIndex, typed: string): Ranked[] {
  const q = readQuestion(index, typed);
  if (!q) return [];
  const h = holdsOf(q);
  const { sentences, pageOf, structure } = index;
  const { entryOf, sectionOf, asked } = structure;
  const n = sentences.length;
  const out: Ranked[] = [];
  for (let i = 0; i < n; i++) {
    const ranked = scoreSentence(q, h, i);
    if (ranked) out.push(ranked);
  }
  out.sort((a, b) => b.score - a.score || a.index - b.index);
  // The question's words the sentence after holds and this one does not (itself or through its
  // head): the quote may go on to it (answer-offline.ts). Only the best few are quoted, so only
  // those are read (a document repeating a passage has hundreds of sentences tied at the top).
  for (const r of out.slice(0, NEXT_READ)) {
    const i = r.index;
    const j = i + 1;
    if (j < n && pageOf[j] === pageOf[i] && entryOf[j] !== j && sectionOf[j] === sectionOf[i] && !asked.has(j))
      for (const { t, hasAt } of h.terms)
        if (hasAt[j]! >= 1 && hasAt[i]! === 0 && framed(structure, i, t) === 0) (r.nextHolds ??= []).push(t);
  }
  return out;
}
