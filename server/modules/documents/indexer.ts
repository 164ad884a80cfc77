/**
 * Indexing a document off the request path: the PDF's text is read page by page in a worker
 * (pdf-reader.ts, with a time limit), cut into chunks that keep their page numbers, and written
 * in one transaction with the document's new status (ready, or failed with the reason). Pages
 * with no text layer (scans) are read by OCR where it is installed (ocr.ts) and recorded as
 * such (citations say so); those OCR cannot read either are recorded so the chat can say so
 * before the first question.
 * One document at a time per process: the machine's cores are shared with the API. A document
 * left `processing` by a process that stopped is picked up again at start (resume()).
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DOCUMENT_MESSAGES } from '../../../src/domain/documents/documents';
import type { Db } from '../../db/client';
import type { FileStorage } from '../storage';
import { contentHashOf } from './content-hash';
import { headingsOf } from './layout';
import { ocrPages } from './ocr';
import { readPdf } from './pdf-reader';
import { forgetDocumentIndex } from './document-index-cache';
import { documentChunks, documentOcrWords, documents } from './tables';
import { chunkPage, normalizePage, storableText } from './text';

/** Reading a document's text may take this long before it is given up (a 200-page text PDF takes ~2 s). */
export const EXTRACT_TIMEOUT_MS = 30_000;
/**
 * What this indexer writes beside the text, stored with each document (documents.index_version):
 * 1, the text and its chunks; 2, also the headings found by their type (layout.ts); 3, also the
 * words OCR read on scanned pages with their places (document_ocr_words, ocr-words.ts); 4, also
 * a table's header row of more words than a heading has (layout.ts HEADER_WORDS). A ready
 * document written by an older indexer is indexed again when the server starts (resume()), after
 * any new upload, and answers from its old index until then.
 */
export const INDEX_VERSION = 4;
/** Most pages any plan allows; a document claiming more is never read page by page. */
const MAX_PAGES = 1000;
/**
 * Most characters of text a page may hold (pdf-reader.ts maxPageChars). A dense page of small
 * print holds about 10,000; past this it is a stream built to unpack into text (a 180 KB file drew
 * 3 million characters on one page, and indexing them held the server's thread 1.6 s).
 */
export const MAX_PAGE_CHARS = 100_000;

export interface IndexerDeps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  now: () => number;
  /** Called when a document leaves `processing` (ready or failed): the API's live update. */
  onIndexed?: (doc: { id: string; businessId: string }) => void;
}

async function readBytes(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.body) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

export function createIndexer(deps: IndexerDeps) {
  const { db, log } = deps;
  const queue: { fileId: string; bytes: Buffer | null }[] = [];
  // Ready documents an older indexer wrote, indexed again when no upload waits.
  const stale: string[] = [];
  const waiters = new Map<string, (() => void)[]>();
  let running = false;
  let current: string | null = null;
  let stopped = false;

  /**
   * Marks a document being read failed with the reason the screen shows, and answers it for the
   * live update; null when it no longer is being read. Its file is read and parsed between the
   * select and this update (and a throw may come anywhere in between): a delete meanwhile (the row
   * stays, deletedAt set) or another process that resumed it and finished first is left as that
   * path left it, and no live update names the document.
   */
  async function fail(fileId: string, error: string) {
    const [doc] = await db
      .update(documents)
      .set({ status: 'failed', error, indexedAt: new Date(deps.now()) })
      .where(and(eq(documents.fileId, fileId), eq(documents.status, 'processing'), isNull(documents.deletedAt)))
      .returning({ id: documents.id, businessId: documents.businessId });
    return doc ?? null;
  }

  async function index(fileId: string, given: Buffer | null, again = false) {
    const [doc] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.fileId, fileId), isNull(documents.deletedAt)));
    // Indexed again: a ready document an older indexer wrote. Whatever goes wrong then, it keeps
    // its old index (it answered from it until now) rather than turning failed.
    const reindex = again && doc?.status === 'ready' && doc.indexVersion < INDEX_VERSION;
    if (!doc || (doc.status !== 'processing' && !reindex)) return;
    const bytes = given ?? (await readBytes(deps.storage, doc.storageKey));
    if (!bytes) {
      if (reindex) {
        log.warn({ fileId }, 'a document to index again has no file');
        return null;
      }
      return fail(fileId, DOCUMENT_MESSAGES.failed);
    }
    const read = await readPdf(bytes, {
      mode: 'extract',
      timeoutMs: EXTRACT_TIMEOUT_MS,
      maxPages: MAX_PAGES,
      maxPageChars: MAX_PAGE_CHARS,
    });
    if (!read.ok || !read.pages) {
      const reason = !read.ok ? read.reason : 'broken';
      log.warn(
        { fileId, reason, detail: !read.ok ? read.detail : 'too many pages' },
        'a document could not be indexed',
      );
      if (reindex) return null;
      return fail(
        fileId,
        reason === 'timeout'
          ? DOCUMENT_MESSAGES.tooSlow
          : reason === 'encrypted'
            ? DOCUMENT_MESSAGES.encrypted
            : reason === 'tooMuchText'
              ? DOCUMENT_MESSAGES.tooMuchText
              : DOCUMENT_MESSAGES.broken,
      );
    }
    const pages = read.pages.map(storableText);
    const rows: (typeof documentChunks.$inferInsert)[] = [];
    const chunked = pages.map((raw) => chunkPage(normalizePage(raw)));
    const scanned = chunked.flatMap((chunks, i) => (chunks.length === 0 ? [i + 1] : []));
    // Up to 20 s a page: stopped when the document is deleted meanwhile.
    const ocr = await ocrPages(bytes, scanned, async () => {
      const [live] = await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, doc.id), isNull(documents.deletedAt)));
      return live !== undefined;
    });
    const withoutText: number[] = [];
    const readByOcr: number[] = [];
    chunked.forEach((layer, i) => {
      const page = i + 1;
      const chunks = layer.length > 0 ? layer : chunkPage(normalizePage(ocr.get(page)?.text ?? ''));
      if (chunks.length === 0) withoutText.push(page);
      else if (layer.length === 0) readByOcr.push(page);
      chunks.forEach((text, ordinal) => rows.push({ documentId: doc.id, page, ordinal, text }));
    });
    const headings = headingsOf(pages, read.layouts ?? []);
    const written = await db.transaction(async (tx) => {
      // Deleted while it was being read: nothing to write.
      const [still] = await tx
        .select({ id: documents.id, status: documents.status })
        .from(documents)
        .where(and(eq(documents.id, doc.id), isNull(documents.deletedAt)))
        .for('update');
      if (!still || still.status !== doc.status) return null;
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, doc.id));
      // The answers' in-memory index of the old text goes with it.
      forgetDocumentIndex(doc.id);
      for (let i = 0; i < rows.length; i += 200) await tx.insert(documentChunks).values(rows.slice(i, i + 200));
      await tx.delete(documentOcrWords).where(eq(documentOcrWords.documentId, doc.id));
      const words = readByOcr.map((page) => ({ documentId: doc.id, page, words: ocr.get(page)!.words }));
      if (words.length > 0) await tx.insert(documentOcrWords).values(words);
      await tx
        .update(documents)
        .set({
          status: 'ready',
          error: null,
          pages: read.numPages,
          pagesWithoutText: withoutText,
          ocrPages: readByOcr,
          headings,
          indexVersion: INDEX_VERSION,
          indexedAt: new Date(deps.now()),
        })
        .where(eq(documents.id, doc.id));
      // Indexed again, a document stays as it was on the screen: no live update.
      return reindex ? null : doc;
    });
    // Forgotten again once committed: on PostgreSQL a question asked while the transaction ran read
    // the old chunks (they were not yet replaced for it) and may have cached an index of them.
    forgetDocumentIndex(doc.id);
    return written;
  }

  /**
   * Documents uploaded before their content was hashed (migration 0063) get the hash from their
   * stored file, so uploading a copy of one is refused as for any other (document-service.ts
   * refuseCopy). In the background after start: a file is read only to hash it, never indexed.
   */
  let hashing: Promise<void> = Promise.resolve();
  async function hashMissing() {
    const rows = await db
      .select({ id: documents.id, storageKey: documents.storageKey })
      .from(documents)
      .where(and(isNull(documents.contentHash), isNull(documents.deletedAt)));
    for (const { id, storageKey } of rows) {
      if (stopped) return;
      const bytes = await readBytes(deps.storage, storageKey);
      if (!bytes) continue;
      await db
        .update(documents)
        .set({ contentHash: contentHashOf(bytes) })
        .where(and(eq(documents.id, id), isNull(documents.contentHash)));
    }
  }

  async function drain() {
    if (running) return;
    running = true;
    try {
      while (!stopped && (queue.length || stale.length)) {
        // New uploads first: a document indexed again still answers from its old index meanwhile.
        const job = queue.shift() ?? { fileId: stale.shift()!, bytes: null, again: true };
        current = job.fileId;
        try {
          const doc = await index(job.fileId, job.bytes, 'again' in job);
          if (doc) deps.onIndexed?.(doc);
        } catch (err) {
          log.error({ err, fileId: job.fileId }, 'indexing a document failed');
          // Left processing it would say "being prepared" for good (and be read again at every
          // start); indexed again, it keeps its old index, as for any other failure.
          if (!('again' in job)) {
            const doc = await fail(job.fileId, DOCUMENT_MESSAGES.failed).catch(() => null);
            if (doc) deps.onIndexed?.(doc);
          }
        } finally {
          current = null;
          for (const done of waiters.get(job.fileId) ?? []) done();
          waiters.delete(job.fileId);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Queues a document (by fileId) for indexing; `bytes` spares a read from storage. */
    enqueue(fileId: string, bytes: Buffer | null = null) {
      queue.push({ fileId, bytes });
      void drain();
    },
    /** Resolves when the document's queued indexing has finished (tests, the benchmark). */
    settled(fileId: string): Promise<void> {
      if (!queue.some((j) => j.fileId === fileId) && !stale.includes(fileId) && current !== fileId)
        return Promise.resolve();
      return new Promise((resolve) => waiters.set(fileId, [...(waiters.get(fileId) ?? []), resolve]));
    },
    /**
     * Documents a stopped process left half done go back in the queue; ready documents an older
     * indexer wrote (INDEX_VERSION) are indexed again after them, oldest first.
     */
    async resume() {
      const left = await db
        .select({ fileId: documents.fileId })
        .from(documents)
        .where(and(eq(documents.status, 'processing'), isNull(documents.deletedAt)));
      for (const { fileId } of left) this.enqueue(fileId);
      const old = await db
        .select({ fileId: documents.fileId })
        .from(documents)
        .where(
          and(eq(documents.status, 'ready'), lt(documents.indexVersion, INDEX_VERSION), isNull(documents.deletedAt)),
        )
        .orderBy(documents.createdAt);
      for (const { fileId } of old) if (!stale.includes(fileId)) stale.push(fileId);
      void drain();
      hashing = hashMissing().catch((err: unknown) => log.warn({ err }, 'hashing older documents failed'));
    },
    /** Resolves when resume()'s hashing of older documents has finished (tests). */
    hashed: () => hashing,
    stop() {
      stopped = true;
      queue.length = 0;
      stale.length = 0;
    },
  };
}

export type Indexer = ReturnType<typeof createIndexer>;
