/**
 * Ask all documents: one chat per business over all its ready documents (docs/document-chat.md,
 * *Ask all documents*). GET its messages a page at a time by cursor, as a document's chat; POST a
 * question: every ready document of the business is ranked with its own index and the best places
 * across them are quoted. Two documents may share a name (one file uploaded twice, two versions),
 * so each is cited by a label unique in the answer, D1, D2 … in upload order (`"…" [D2, p. 3]`):
 * a `documents` event before the first token says which document each label is, and the saved
 * citations carry the document's label, fileId and name, so a citation opens that document at
 * that page. The events are a document chat's (message, token…, answer or error, end), the answer
 * sent a word at a time. With no model the answer is written offline: quotes only, every one
 * taken from its page. With a model endpoint (LLM_BASE_URL) the model writes it from the best
 * passages across the documents, shown to it by label with the name beside it, its tokens
 * streamed as they come; every quote it gives is then checked against the page of the document
 * its label names, as a document's chat does (answer-model.ts).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  allMessageRequestSchema,
  allMessagesQuerySchema,
  cutShortAnswer,
  DOCUMENT_MESSAGES,
  END_MARKER,
  DOCUMENTS_API,
  documentLabel,
  markOcr,
  type DocumentSource,
  NOT_FOUND_ANSWER,
} from '../../../src/domain/documents/documents';
import { caller } from '../../auth/access';
import { conflict } from '../../http/errors';
import { errorResponses, fileResponse, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import {
  checkCitationsAcross,
  promptAcross,
  sourcesOf,
  streamModel,
  type DocumentPassage,
  type ModelConfig,
} from './answer-model';
import { offlineAnswerAcross, type Answer } from './answer-offline';
import { hangUpSignal } from './hang-up';
import { modelTokens, paced, PASSAGES, readToEnd } from './chat-server';
import { businessOf, DOCUMENT_ACCESS } from './document-routes';
import { chatEvent, messagePageSchema, streamEvents } from './message-routes';
import { askedQuestion, pageOfMessages, saveMessage } from './message-service';
import { documentIndex } from './document-index-cache';
import { pageText, searchPassages } from './retrieval';
import { documents } from './tables';

const tags = ['Documents'];

const allDocumentsRoutes =
  (model: ModelConfig | null): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.ctx.database;

    type Ready = { id: string; fileId: string; fileName: string; createdAt: Date; label: string };
    /** What an answer yields: first the documents it draws on (by label), then its text piece by piece. */
    type Piece = string | { sources: DocumentSource[] };
    const source = (d: Ready): DocumentSource => ({ label: d.label, fileId: d.fileId, fileName: d.fileName });

    /** The offline answer: each document ranked with its own index, the best places across them quoted. */
    async function* offline(ready: Ready[], text: string, signal: AbortSignal): AsyncGenerator<Piece, Answer> {
      const indexes = await Promise.all(
        ready.map(async (d) => ({
          doc: { fileId: d.fileId, fileName: d.fileName, label: d.label },
          index: await documentIndex(db, d.id),
        })),
      );
      const answer = offlineAnswerAcross(indexes, text);
      const cited = new Set(answer.citations.map((c) => c.fileId));
      if (cited.size > 0) yield { sources: ready.filter((d) => cited.has(d.fileId)).map(source) };
      for await (const event of paced(answer.text, signal)) yield event.text;
      return answer;
    }

    /** The model's answer from the best passages across the documents; nothing to write from: not called. */
    async function* written(
      config: ModelConfig,
      ready: Ready[],
      text: string,
      signal: AbortSignal,
    ): AsyncGenerator<Piece, Answer> {
      const found = await Promise.all(
        ready.map(async (d) =>
          (await searchPassages(db, d.id, text, PASSAGES)).map((p): DocumentPassage => ({ ...p, doc: d })),
        ),
      );
      const passages = found
        .flat()
        .sort((a, b) => b.rank - a.rank)
        .slice(0, PASSAGES);
      if (passages.length === 0) {
        yield NOT_FOUND_ANSWER;
        return { text: NOT_FOUND_ANSWER, citations: [] };
      }
      yield { sources: sourcesOf(passages).map(source) };
      const said = { raw: '' };
      const tokens = modelTokens(streamModel(config, promptAcross(text, passages), signal), said, signal);
      let next = await tokens.next();
      for (; !next.done; next = await tokens.next()) yield next.value.text;
      const answer = await checkCitationsAcross(said.raw, passages, ready, (id, page) => pageText(db, id, page));
      // Cut short (the asker left, the model's stream stopped): what was said, checked, then the note.
      if (next.value) return { text: cutShortAnswer(answer.text), citations: answer.citations };
      return { text: answer.text || NOT_FOUND_ANSWER, citations: answer.citations };
    }

    app.get(
      DOCUMENTS_API.allMessages,
      {
        schema: {
          tags,
          summary:
            'The chat over all the business’s documents, a page at a time (query businessId, cursor, limit 10), paged as a document’s chat',
          querystring: allMessagesQuerySchema,
          response: { 200: ok(messagePageSchema), ...errorResponses },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request) => {
        const { businessId, cursor, limit } = request.query;
        return { result: await pageOfMessages(db, { businessId: businessOf(request, businessId) }, cursor, limit) };
      },
    );

    app.post(
      DOCUMENTS_API.allMessage,
      {
        schema: {
          tags,
          summary:
            'Ask all the business’s ready documents (body businessId, text, isUserMessage): server-sent events as a document’s question; each citation names its document (fileId, fileName) and page',
          body: allMessageRequestSchema,
          response: {
            200: fileResponse('text/event-stream', 'The events, ending with `event: end`'),
            ...errorResponses,
          },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request, reply) => {
        const { businessId, text } = request.body;
        const business = businessOf(request, businessId);
        const rows = await db
          .select({
            id: documents.id,
            fileId: documents.fileId,
            fileName: documents.fileName,
            createdAt: documents.createdAt,
            ocrPages: documents.ocrPages,
          })
          .from(documents)
          .where(and(eq(documents.businessId, business), eq(documents.status, 'ready'), isNull(documents.deletedAt)))
          .orderBy(asc(documents.createdAt), asc(documents.id));
        if (rows.length === 0) throw conflict(DOCUMENT_MESSAGES.noneReady);
        // D1, D2 … in upload order: a marker cites a document by its label, never by its name alone.
        const ready = rows.map((d, i) => ({ ...d, label: documentLabel(i) }));
        const scope = { businessId: business };
        const asked = new Date(app.ctx.now());
        const question = askedQuestion(db, { scope, text, userId: caller(request).userId, at: asked });
        const hangUp = hangUpSignal(reply);
        // As a document's question (message-routes.ts): written once the first token is on its way.
        reply.raw.once('close', () => void question.saved());

        async function* events() {
          yield chatEvent('message', question.view);
          let caught: unknown = null;
          try {
            const pieces = model ? written(model, ready, text, hangUp) : offline(ready, text, hangUp);
            let next = await pieces.next();
            for (; !next.done; next = await pieces.next()) {
              if (typeof next.value !== 'string') {
                yield chatEvent('documents', next.value.sources);
                continue;
              }
              yield chatEvent('token', { text: next.value });
              void question.saved();
            }
            await question.written();
            const answer = next.value;
            const ocr = new Map(ready.map((d) => [d.fileId, d.ocrPages]));
            const citations = answer.citations.flatMap((c) => markOcr([c], ocr.get(c.fileId!) ?? []));
            const at = new Date(Math.max(app.ctx.now(), asked.getTime() + 1));
            yield chatEvent(
              'answer',
              await saveMessage(db, {
                scope,
                text: answer.text,
                isUserMessage: false,
                userId: null,
                citations,
                at,
              }),
            );
          } catch (err) {
            caught = err;
            app.log.error({ err, businessId: business }, 'answering a question over all documents failed');
            yield chatEvent('error', { message: DOCUMENT_MESSAGES.chatUnavailable });
          }
          const failed = await question.saved();
          if (failed && failed !== caught)
            app.log.error({ err: failed, businessId: business }, 'saving a question failed');
          yield chatEvent('end', END_MARKER);
        }
        // Read to its end even when the asker leaves, as a document's answer (message-routes.ts).
        return streamEvents(reply, readToEnd(events()));
      },
    );
  };

export default allDocumentsRoutes;
