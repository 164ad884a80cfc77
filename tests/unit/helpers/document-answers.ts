/**
 * Documents made of the sentences a test gives, for the offline answer's unit tests
 * (server/modules/documents): the sentences among filler the questions share no word with, so
 * every word a question finds is one the test put there.
 */
import { offlineAnswerFrom } from '../../../server/modules/documents/answer-offline';
import { buildIndex } from '../../../server/modules/documents/document-index';

/** Twenty sentences about other things: a document's bulk, which sets how rare each word is. */
export const FILLER = Array.from(
  { length: 20 },
  (_, i) => `Chapter ${i + 1} covers the ${['banner', 'cipher', 'agent', 'tunnel'][i % 4]} in detail.`,
);

/** The whole offline answer to a question of the sentences given, before the filler and `last` after it (far from the first ones, not their neighbours). */
export const documentWith = (first: string[], last: string[] = []) => {
  const index = buildIndex(new Map([[1, [...first, ...FILLER, ...last].join(' ')]]));
  return (q: string) => offlineAnswerFrom(index, q).text;
};

/** The same, with the sentences given before the filler only. */
export const documentOf = (...sentences: string[]) => documentWith(sentences);
