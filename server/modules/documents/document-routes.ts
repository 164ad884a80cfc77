/**
 * The Documents calls (product brief section 7) under /api/Documents (see
 * src/domain/documents/documents.ts for why that base): upload (multipart `file`, `userId`),
 * the caller's uploads, the business's list, one document, delete, download ({ filename, url })
 * and the PDF's bytes. TRUCKER and CLUBOWNER only (chat_with_pdf); a businessId or document of
 * another business answers 404.
 */
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  DOCUMENT,
  DOCUMENT_MESSAGES,
  DOCUMENT_STATUSES,
  DOCUMENTS_API,
  documentDownloadQuerySchema,
  documentListQuerySchema,
  documentQuerySchema,
  documentUploadFieldsSchema,
  ocrWordsSchema,
} from '../../../src/domain/documents/documents';
import { MESSAGES } from '../../../src/domain/messages';
import { wholeNumberParam } from '../../../src/domain/schemas/whole-number';
import { caller } from '../../auth/access';
import type { AuthContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import {
  conflictResponse,
  errorResponses,
  fileResponse,
  ok,
  okEmpty,
  okList,
  timestamp,
  sendDownload,
} from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { cleanFileName, uploadHooks } from '../storage';
import type { ChatServer } from './chat-server';
import {
  addDocument,
  deleteDocument,
  documentOfBusiness,
  fileUrl,
  listDocuments,
  pageOcrWords,
  toView,
} from './document-service';
import { publishDocumentChange } from './live';
import { documents } from './tables';
import { eq } from 'drizzle-orm';

const tags = ['Documents'];
export const DOCUMENT_ACCESS = { access: { roles: ['TRUCKER' as const, 'CLUBOWNER' as const], tenant: true } };
const FIELD = 'file';

export const documentSchema = z.object({
  id: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  sizeBytes: z.number(),
  pages: z.number(),
  status: z.enum(DOCUMENT_STATUSES),
  error: z.string().nullable(),
  pagesWithoutText: z.array(z.number()),
  noTextNotice: z.string().nullable().describe('"pages 3 and 7 have no text", or null'),
  uploadedBy: z.string().nullable(),
  createdAt: timestamp,
});

/** The caller's business, which a businessId in the request must be (else 404, as if missing). */
export function businessOf(request: FastifyRequest, businessId?: string): string {
  const auth: AuthContext = caller(request);
  if (!auth.businessId || (businessId !== undefined && businessId !== auth.businessId))
    throw notFound(DOCUMENT_MESSAGES.notFound);
  return auth.businessId;
}

const documentRoutes =
  (chat: ChatServer): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.ctx.database;
    const deps = { db, storage: app.ctx.storage, now: app.ctx.now };
    /** Text fields become the body the schema validates; the `file` part is held in memory (≤ 20 MB). */
    const pdfUpload = uploadHooks(app, {
      files: [FIELD],
      tooLarge: DOCUMENT_MESSAGES.tooLarge,
      save: async (_field, part) => ({
        fileName: cleanFileName(part.filename, 'document.pdf'),
        bytes: await part.toBuffer(),
      }),
    });

    app.post(
      DOCUMENTS_API.upload,
      {
        schema: {
          tags,
          summary: `Upload a PDF (multipart: file part file ≤ ${DOCUMENT.maxBytes / 1024 / 1024} MB; field userId). Refused before anything is stored when it is not a PDF, encrypted, damaged, over the plan's pages per PDF ('Too many pages in PDF') or over its monthly quota (documents uploaded per calendar month, UTC; 403), or when the business already has the same PDF ready or being read (409 naming it; not counted in the quota). Indexing then runs off the request: status processing → ready or failed`,
          consumes: ['multipart/form-data'],
          body: documentUploadFieldsSchema,
          response: { 200: ok(documentSchema), ...errorResponses, ...conflictResponse },
        },
        config: DOCUMENT_ACCESS,
        ...pdfUpload.hooks,
      },
      async (request) => {
        const auth = caller(request);
        const businessId = businessOf(request);
        if (request.body.userId !== undefined && request.body.userId !== auth.userId)
          throw badRequest(DOCUMENT_MESSAGES.notYourUser, { userId: DOCUMENT_MESSAGES.notYourUser });
        const upload = pdfUpload.file(request);
        if (!upload) throw badRequest(DOCUMENT_MESSAGES.fileRequired, { [FIELD]: DOCUMENT_MESSAGES.fileRequired });
        const row = await addDocument(deps, { businessId, userId: auth.userId, ...upload });
        chat.embed({ fileId: row.fileId, bytes: upload.bytes, fileName: row.fileName }).catch(async (err: unknown) => {
          app.log.error({ err, fileId: row.fileId }, 'the chat server did not take a document');
          await db
            .update(documents)
            .set({ status: 'failed', error: DOCUMENT_MESSAGES.chatUnavailable })
            .where(eq(documents.id, row.id))
            .catch(() => undefined);
        });
        await publishDocumentChange(app, 'created', businessId, row.id);
        return { result: toView(row) };
      },
    );

    app.get(
      DOCUMENTS_API.uploads,
      {
        schema: {
          tags,
          summary: "The caller's own uploads in the business, newest first",
          response: { 200: okList(documentSchema), ...errorResponses },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request) => ({ result: await listDocuments(db, businessOf(request), caller(request).userId) }),
    );

    app.get(
      DOCUMENTS_API.list,
      {
        schema: {
          tags,
          summary: "The business's documents, newest first (query businessId)",
          querystring: documentListQuerySchema,
          response: { 200: okList(documentSchema), ...errorResponses },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request) => ({ result: await listDocuments(db, businessOf(request, request.query.businessId)) }),
    );

    app.get(
      DOCUMENTS_API.document,
      {
        schema: {
          tags,
          summary: 'One document with its status (query businessId, documentId)',
          querystring: documentQuerySchema,
          response: { 200: ok(documentSchema), ...errorResponses },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request) => {
        const businessId = businessOf(request, request.query.businessId);
        return { result: toView(await documentOfBusiness(db, businessId, { documentId: request.query.documentId })) };
      },
    );

    app.delete(
      DOCUMENTS_API.document,
      {
        schema: {
          tags,
          summary:
            'Delete a document, its file and its chat (query documentId, businessId); it still counts in the month’s quota',
          querystring: documentQuerySchema,
          response: { 200: okEmpty, ...errorResponses },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request) => {
        const businessId = businessOf(request, request.query.businessId);
        await deleteDocument(deps, businessId, request.query.documentId);
        await publishDocumentChange(app, 'deleted', businessId, request.query.documentId);
        return { result: true };
      },
    );

    app.get(
      DOCUMENTS_API.download,
      {
        schema: {
          tags,
          summary: "The PDF's file name and the signed-in url of its bytes (query fileId, businessId)",
          querystring: documentDownloadQuerySchema,
          response: { 200: ok(z.object({ filename: z.string(), url: z.string() })), ...errorResponses },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request) => {
        const businessId = businessOf(request, request.query.businessId);
        const row = await documentOfBusiness(db, businessId, { fileId: request.query.fileId });
        return { result: { filename: row.fileName, url: fileUrl(row.fileId) } };
      },
    );

    app.get(
      DOCUMENTS_API.file,
      {
        schema: {
          tags,
          summary: 'The PDF as uploaded (content-disposition names it)',
          params: z.object({ fileId: z.string().max(64) }),
          response: { 200: fileResponse('application/pdf', 'The bytes'), ...errorResponses },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request, reply) => {
        const row = await documentOfBusiness(db, businessOf(request), { fileId: request.params.fileId });
        const file = await app.ctx.storage.get(row.storageKey);
        if (!file) throw notFound(DOCUMENT_MESSAGES.notFound);
        return sendDownload(reply, {
          name: row.fileName,
          contentType: 'application/pdf',
          body: file.body,
          size: file.size,
          cache: 'private, max-age=3600',
        });
      },
    );

    app.get(
      DOCUMENTS_API.ocrWords,
      {
        schema: {
          tags,
          summary: 'The words OCR read on a scanned page, with their places (none on a page with a text layer)',
          params: z.object({
            fileId: z.string().max(64),
            page: wholeNumberParam(z.gte(1, MESSAGES.mustBePositive), z.lte(100_000, MESSAGES.invalidValue)),
          }),
          response: { 200: ok(ocrWordsSchema), ...errorResponses },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request) => {
        const row = await documentOfBusiness(db, businessOf(request), { fileId: request.params.fileId });
        return { result: { words: await pageOcrWords(db, row.id, request.params.page) } };
      },
    );
  };

export default documentRoutes;
