/**
 * Finding the passages of a document that answer a question: PostgreSQL full-text search over
 * the per-page chunks (the same SQL in PGlite and PostgreSQL). `websearch_to_tsquery` would
 * require every word of the question, so a question rarely matches; the question's words are
 * OR-ed instead (`to_tsquery('english', 'a | b | c')`, built only from letters and digits, so
 * nothing a user types is read as query syntax) and the chunks ranked with ts_rank_cd.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentChunks } from './tables';
import { wordsOf } from './text';

export interface Passage {
  page: number;
  ordinal: number;
  text: string;
  rank: number;
}

/** The tsquery text for a question, or null when it has no word to search for. */
export function orQuery(question: string): string | null {
  const words = wordsOf(question);
  return words.length ? words.join(' | ') : null;
}

export async function searchPassages(db: Db, documentId: string, question: string, limit = 5): Promise<Passage[]> {
  const query = orQuery(question);
  if (!query) return [];
  // The document's own chunks first (its btree index), then the match: through the GIN index
  // instead, a common word would fetch the matching chunks of every document of every business.
  const result = await db.execute(sql`
    with mine as materialized (
      select page, ordinal, text, tsv from ${documentChunks} where document_id = ${documentId}
    )
    select page, ordinal, text, ts_rank_cd(tsv, q) as rank
    from mine, to_tsquery('english', ${query}) q
    where tsv @@ q
    order by rank desc, page, ordinal
    limit ${limit}`);
  return (result.rows as { page: number; ordinal: number; text: string; rank: number | string }[]).map((r) => ({
    page: Number(r.page),
    ordinal: Number(r.ordinal),
    text: r.text,
    rank: Number(r.rank),
  }));
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
