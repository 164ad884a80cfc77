/**
 * The documents' indexes kept in memory (docs/document-chat.md, *How answers are made*): an index
 * is built once from a document's stored chunks and headings (document-index.ts) and kept, as a
 * ready document's chunks never change, under a total size, most recently used last; the
 * document's deletion or new indexing forgets it.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildIndex, type DocumentIndex } from './document-index';
import { documentChunks, documents } from './tables';

/** Cached indexes, by document id, kept under a total size (characters of text). */
const CACHE_CHARS = 8_000_000;
const cache = new Map<string, DocumentIndex>();
let cachedChars = 0;
/** Indexes being built, by document id: askers at once share one read and one build. */
const building = new Map<string, Promise<DocumentIndex>>();

async function readIndex(db: Db, documentId: string): Promise<DocumentIndex> {
  const [doc] = await db.select({ headings: documents.headings }).from(documents).where(eq(documents.id, documentId));
  const rows = await db
    .select({ page: documentChunks.page, text: documentChunks.text })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, documentId))
    .orderBy(asc(documentChunks.page), asc(documentChunks.ordinal));
  const pages = new Map<number, string>();
  for (const r of rows) pages.set(r.page, pages.has(r.page) ? `${pages.get(r.page)} ${r.text}` : r.text);
  return buildIndex(pages, doc?.headings ?? []);
}

function keep(documentId: string, index: DocumentIndex) {
  // An empty index (a document still being read) is not kept.
  if (index.sentences.length === 0 || index.chars >= CACHE_CHARS) return;
  cache.set(documentId, index);
  cachedChars += index.chars;
  for (const [id, old] of cache) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(id);
    cachedChars -= old.chars;
  }
}

export async function documentIndex(db: Db, documentId: string): Promise<DocumentIndex> {
  const hit = cache.get(documentId);
  if (hit) {
    // Most recently used last.
    cache.delete(documentId);
    cache.set(documentId, hit);
    return hit;
  }
  const pending = building.get(documentId);
  if (pending) return pending;
  // Kept only if the document was not forgotten meanwhile (the build may hold its old text).
  const current = () => building.get(documentId) === build;
  const build: Promise<DocumentIndex> = readIndex(db, documentId).then(
    (index) => {
      if (current()) {
        building.delete(documentId);
        keep(documentId, index);
      }
      return index;
    },
    (err: unknown) => {
      if (current()) building.delete(documentId);
      throw err;
    },
  );
  building.set(documentId, build);
  return build;
}

/** Drops a document's cached index (it was deleted or indexed again), and any build of it under way. */
export function forgetDocumentIndex(documentId: string): void {
  building.delete(documentId);
  const old = cache.get(documentId);
  if (!old) return;
  cache.delete(documentId);
  cachedChars -= old.chars;
}
