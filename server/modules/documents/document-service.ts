/**
 * A business's documents: upload (the plan's limits are checked before anything is stored or
 * indexed), list, read, download and delete. Every read and write is scoped to the caller's
 * business: another business's document is simply not found (404).
 *
 * The plan: the uploader's plan row (plans table: quota, pages per PDF), or the Free plan's
 * limits for a user on no plan. The brief's "quota" is read as documents uploaded per calendar
 * month (UTC), counted per business; a deleted document still counts (its row is kept).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  DOCUMENT_MESSAGES,
  DOCUMENTS_API,
  duplicateText,
  pagesLimitText,
  pagesWithoutTextText,
  planLimits,
  quotaText,
  uploadSizeRefusal,
  type DocumentView,
  type OcrWord,
} from '../../../src/domain/documents/documents';
import type { Db } from '../../db/client';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { planOf } from '../payments';
import type { FileStorage } from '../storage';
import { contentHashOf } from './content-hash';
import { readPdfRetryingOnce } from './pdf-reader';
import { forgetDocumentIndex } from './document-index-cache';
import { documentChunks, documentMessages, documentOcrWords, documents } from './tables';
import { isUuid } from '../../../src/domain/uuid';

type Row = typeof documents.$inferSelect;

/** Opening a PDF to count its pages may take this long (a hostile xref can make it crawl). */
const INSPECT_TIMEOUT_MS = 10_000;
const FIELD = 'file';

export function toView(row: Row): DocumentView {
  return {
    id: row.id,
    fileId: row.fileId,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    pages: row.pages,
    status: row.status,
    error: row.error,
    pagesWithoutText: row.pagesWithoutText,
    noTextNotice: pagesWithoutTextText(row.pagesWithoutText),
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The read every document call starts with (every question too), prepared once per database: it
 * is on the way to each first token, and built anew by Drizzle's query builder it cost a fifth of
 * a millisecond of the server's thread each time (docs/document-chat.md, *Time to the first token*).
 */
const reads = new WeakMap<Db, ReturnType<typeof prepareReads>>();
const prepareReads = (db: Db) => {
  const by = (key: typeof documents.id | typeof documents.fileId, name: string) =>
    db
      .select()
      .from(documents)
      .where(
        and(
          eq(key, sql.placeholder('id')),
          eq(documents.businessId, sql.placeholder('businessId')),
          isNull(documents.deletedAt),
        ),
      )
      .prepare(name);
  return {
    byId: by(documents.id, 'document_of_business'),
    byFileId: by(documents.fileId, 'document_file_of_business'),
  };
};

export async function documentOfBusiness(
  db: Db,
  businessId: string,
  by: { documentId?: string; fileId?: string },
): Promise<Row> {
  const id = by.documentId ?? by.fileId;
  if (!id || !isUuid(id)) throw notFound(DOCUMENT_MESSAGES.notFound);
  let read = reads.get(db);
  if (!read) reads.set(db, (read = prepareReads(db)));
  const [row] = await (by.documentId ? read.byId : read.byFileId).execute({ id, businessId });
  if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
  return row;
}

/** The words OCR read on one page of a document, with their places (none on a page with a text layer). */
export async function pageOcrWords(db: Db, documentId: string, page: number): Promise<OcrWord[]> {
  const [row] = await db
    .select({ words: documentOcrWords.words })
    .from(documentOcrWords)
    .where(and(eq(documentOcrWords.documentId, documentId), eq(documentOcrWords.page, page)));
  return row?.words ?? [];
}

export async function listDocuments(db: Db, businessId: string, uploadedBy?: string): Promise<DocumentView[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.businessId, businessId),
        isNull(documents.deletedAt),
        uploadedBy ? eq(documents.uploadedBy, uploadedBy) : undefined,
      ),
    )
    .orderBy(desc(documents.createdAt));
  return rows.map(toView);
}

/** The plan's limits for this user, read from the plans table (Free's when on no plan). */
export async function limitsOf(db: Db, userId: string) {
  const { plan } = await planOf(db, userId);
  const fallback = planLimits(plan?.name);
  return {
    name: plan?.name ?? fallback.name,
    quota: plan?.quota || fallback.quota,
    pagesPerPdf: plan?.pagesPerPdf || fallback.pagesPerPdf,
  };
}

const monthStart = (now: number) => {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
};

async function uploadsThisMonth(db: Pick<Db, 'select'>, businessId: string, now: number) {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.businessId, businessId), gte(documents.createdAt, monthStart(now))));
  return row?.n ?? 0;
}

/**
 * 409 when the business already has these very bytes, ready or being read (not failed, not
 * deleted): a second copy would only answer the same questions twice and take a place in the
 * month's quota. Named by the copy's name, whatever the new file is called.
 */
async function refuseCopy(db: Pick<Db, 'select'>, businessId: string, contentHash: string) {
  const [copy] = await db
    .select({ fileName: documents.fileName })
    .from(documents)
    .where(
      and(
        eq(documents.businessId, businessId),
        eq(documents.contentHash, contentHash),
        inArray(documents.status, ['ready', 'processing']),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.createdAt))
    .limit(1);
  if (copy) throw conflict(DOCUMENT_MESSAGES.duplicate, { [FIELD]: duplicateText(copy.fileName) });
}

/** The PDF signature may follow a little junk (readers allow 1 KB), never be absent. */
export const looksLikePdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/**
 * Checks an upload held in memory, then stores it and writes its row (status processing).
 * Refusals (not a PDF, encrypted, damaged, no pages, over the plan's pages or monthly quota)
 * are 4xx with nothing stored; the caller starts the indexing.
 */
export async function addDocument(
  deps: { db: Db; storage: FileStorage; now: () => number },
  input: { businessId: string; userId: string; fileName: string; bytes: Buffer },
): Promise<Row> {
  const { db, storage } = deps;
  const { bytes } = input;
  const sizeRefusal = uploadSizeRefusal(bytes.length);
  if (sizeRefusal) throw badRequest(sizeRefusal, { [FIELD]: sizeRefusal });
  if (!looksLikePdf(bytes)) throw badRequest(DOCUMENT_MESSAGES.notPdf, { [FIELD]: DOCUMENT_MESSAGES.notPdf });
  const contentHash = contentHashOf(bytes);
  // Before the quota: a copy refused is not an upload, and "already here" is what to say.
  await refuseCopy(db, input.businessId, contentHash);
  const limits = await limitsOf(db, input.userId);
  // The cheap check first: over the quota, the file is not even opened.
  if ((await uploadsThisMonth(db, input.businessId, deps.now())) >= limits.quota)
    throw new HttpError(403, quotaText(limits.name, limits.quota), { [FIELD]: quotaText(limits.name, limits.quota) });
  // A read that ran out of time is tried once more before the upload is refused as too slow.
  const read = await readPdfRetryingOnce(bytes, {
    mode: 'inspect',
    timeoutMs: INSPECT_TIMEOUT_MS,
    maxPages: limits.pagesPerPdf,
  });
  if (!read.ok) {
    const message =
      read.reason === 'encrypted'
        ? DOCUMENT_MESSAGES.encrypted
        : read.reason === 'timeout'
          ? DOCUMENT_MESSAGES.tooSlow
          : DOCUMENT_MESSAGES.broken;
    throw badRequest(message, { [FIELD]: message });
  }
  if (read.numPages < 1) throw badRequest(DOCUMENT_MESSAGES.noPages, { [FIELD]: DOCUMENT_MESSAGES.noPages });
  if (read.numPages > limits.pagesPerPdf) {
    const detail = pagesLimitText(limits.name, limits.pagesPerPdf);
    throw badRequest(DOCUMENT_MESSAGES.tooManyPages, { [FIELD]: detail, pages: detail });
  }
  const key = `documents/${randomBytes(16).toString('hex')}.pdf`;
  await storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
  try {
    return await db.transaction(async (tx) => {
      // Two uploads at once must not both take the quota's last place.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`documents:${input.businessId}`}))`);
      // The same PDF sent twice at once: the second sees the first's row once the lock is its.
      await refuseCopy(tx, input.businessId, contentHash);
      if ((await uploadsThisMonth(tx, input.businessId, deps.now())) >= limits.quota)
        throw new HttpError(403, quotaText(limits.name, limits.quota), {
          [FIELD]: quotaText(limits.name, limits.quota),
        });
      const [row] = await tx
        .insert(documents)
        .values({
          businessId: input.businessId,
          uploadedBy: input.userId,
          fileName: input.fileName,
          storageKey: key,
          sizeBytes: bytes.length,
          contentHash,
          pages: read.numPages,
          status: 'processing',
          createdAt: new Date(deps.now()),
        })
        .returning();
      return row!;
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Removes the file, the chunks and the chat; the row stays (deletedAt) for the monthly quota. */
export async function deleteDocument(
  deps: { db: Db; storage: FileStorage; now: () => number },
  businessId: string,
  documentId: string,
) {
  const row = await documentOfBusiness(deps.db, businessId, { documentId });
  await deps.db.transaction(async (tx) => {
    // Marked first: the row stays locked until the chat is gone, so a question being answered
    // meanwhile waits for it and then sees the document deleted (dropChatOfDeleted).
    await tx
      .update(documents)
      .set({ deletedAt: new Date(deps.now()) })
      .where(eq(documents.id, row.id));
    await tx.delete(documentChunks).where(eq(documentChunks.documentId, row.id));
    // The answers' in-memory index of the old text goes with it.
    forgetDocumentIndex(row.id);
    await tx.delete(documentMessages).where(eq(documentMessages.documentId, row.id));
  });
  // Forgotten again once committed: on PostgreSQL a question asked while the transaction ran still
  // read the chunks (their deletion was not yet visible to it) and may have cached an index of them.
  forgetDocumentIndex(row.id);
  await deps.storage.delete(row.storageKey).catch(() => undefined);
}

export const fileUrl = (fileId: string) => DOCUMENTS_API.file.replace(':fileId', fileId);
