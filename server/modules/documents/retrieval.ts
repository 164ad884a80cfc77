/**
 * The passages of a document that answer a question, for the model (docs/document-chat.md, *How
 * answers are made*): the best-ranked sentences of ranking.ts, each with its neighbours on the
 * same page, that hold enough of the question (the offline answer's MIN_COVERAGE). The stored
 * chunks keep their generated `tsvector` (GIN index) for full-text search across documents.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { answers } from './answer-offline';
import { documentIndex } from './document-index-cache';
import { rank } from './ranking';
import { documentChunks } from './tables';

export interface Passage {
  page: number;
  /** The ranked sentence's place in the document. */
  ordinal: number;
  text: string;
  rank: number;
}

export async function searchPassages(db: Db, documentId: string, question: string, limit = 5): Promise<Passage[]> {
  const index = await documentIndex(db, documentId);
  const out: Passage[] = [];
  for (const r of rank(index, question)) {
    if (out.length >= limit) break;
    if (!answers(r) || out.some((p) => Math.abs(p.ordinal - r.index) <= 1)) continue;
    const { sentences } = index;
    const from = sentences[r.index - 1]?.page === r.sentence.page ? sentences[r.index - 1]! : r.sentence;
    const to = sentences[r.index + 1]?.page === r.sentence.page ? sentences[r.index + 1]! : r.sentence;
    const page = index.pages.get(r.sentence.page)!;
    out.push({ page: r.sentence.page, ordinal: r.index, text: page.slice(from.start, to.end), rank: r.score });
  }
  return out;
}

/** A page's stored text (its chunks in order, joined as they were cut). */
export async function pageText(db: Db, documentId: string, page: number): Promise<string> {
  const rows = await db
    .select({ text: documentChunks.text })
    .from(documentChunks)
    .where(sql`${eq(documentChunks.documentId, documentId)} and ${eq(documentChunks.page, page)}`)
    .orderBy(asc(documentChunks.ordinal));
  return rows.map((r) => r.text).join(' ');
}
