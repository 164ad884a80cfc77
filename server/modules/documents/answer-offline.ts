/**
 * The answer with no model: the best passages quoted word for word, each followed by its page
 * (`"…" [p. 3]`). Within the best-ranked chunks, the sentences that hold the most of the
 * question's words are quoted, in the order of their rank. Nothing matched: the plain
 * NOT_FOUND_ANSWER. Nothing is ever written that is not on the page.
 */
import { NOT_FOUND_ANSWER, type Citation } from '../../../src/domain/documents/documents';
import type { Db } from '../../db/client';
import { searchPassages, type Passage } from './retrieval';
import { sentencesOf, wordsOf } from './text';

/** At most this many quotes in one answer. */
const MAX_QUOTES = 3;
/** A quote is one sentence; a chunk with no sentence matched by word is quoted up to this length. */
const FALLBACK_MAX = 400;

export interface Answer {
  text: string;
  citations: Citation[];
}

/** How many of the question's words (by their first five letters, a poor man's stem) a sentence holds. */
function score(sentence: string, stems: string[]): number {
  const lower = sentence.toLowerCase();
  return stems.filter((s) => lower.includes(s)).length;
}

export function offlineAnswer(question: string, passages: Passage[]): Answer {
  if (passages.length === 0) return { text: NOT_FOUND_ANSWER, citations: [] };
  const stems = wordsOf(question).map((w) => w.slice(0, 5));
  const picked: (Citation & { score: number; order: number })[] = [];
  passages.slice(0, MAX_QUOTES).forEach((passage, order) => {
    const sentences = sentencesOf(passage.text);
    let best = { sentence: '', score: 0 };
    for (const sentence of sentences) {
      const s = score(sentence, stems);
      if (s > best.score) best = { sentence, score: s };
    }
    // Full-text search matched this chunk by a stem the five letters missed: quote its start.
    const quote = best.sentence || (sentences[0] ?? passage.text).slice(0, FALLBACK_MAX);
    if (!picked.some((p) => p.quote === quote && p.page === passage.page))
      picked.push({ page: passage.page, quote, score: best.score, order });
  });
  picked.sort((a, b) => b.score - a.score || a.order - b.order);
  // A passage holding under half the words the best one holds is noise next to it: left out.
  const top = picked[0]!.score;
  const citations = picked.filter((p) => p.score * 2 >= top).map(({ page, quote }) => ({ page, quote }));
  const text = citations.map((c) => `"${c.quote}" [p. ${c.page}]`).join('\n\n');
  return { text, citations };
}

/**
 * The offline answer to a question about a document, as the chat server gives it (and as
 * `npm run eval:documents` scores it): `passages` when the caller already searched.
 */
export async function answerOffline(
  db: Db,
  documentId: string,
  question: string,
  passages?: Passage[],
): Promise<Answer> {
  return offlineAnswer(question, passages ?? (await searchPassages(db, documentId, question, 6)));
}
