/**
 * The document's chat: GET messages a page at a time by cursor (both ways), and POST message.
 * A question is checked (not empty, at most 2,000 characters, the document the business's and
 * ready) before anything is saved; then the answer streams back as server-sent events:
 *
 *   event: message  data: the user message, as saved
 *   event: token    data: { text } — a piece of the answer, as it is written
 *   event: answer   data: the saved answer (text after the citation check, citations)
 *   event: error    data: { message } — the answer failed (the question stays saved)
 *   event: end      data: "[END]" — always last
 *
 * Each event's data is written through its schema (chatEvents in src/domain/documents), which the
 * screen reads it by.
 *
 * The question's row is written once the first token is on its way, not before it: under load
 * every statement waits its turn on the database, and the first token needs only the document
 * check (docs/document-chat.md, *Time to the first token*). The answer is saved after its
 * question, and `end` only comes once the question is saved.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import * as z from 'zod';
import {
  chatEvents,
  chatMessageSchema,
  DOCUMENT_MESSAGES,
  END_MARKER,
  DOCUMENTS_API,
  markOcr,
  messageRequestSchema,
  messagesQuerySchema,
} from '../../../src/domain/documents/documents';
import { caller } from '../../auth/access';
import { conflict } from '../../http/errors';
import { errorResponses, fileResponse, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { readToEnd, schemaEvents, type ChatServer } from './chat-server';
import { hangUpSignal } from './hang-up';
import { documentOfBusiness } from './document-service';
import { businessOf, DOCUMENT_ACCESS } from './document-routes';
import { askedQuestion, dropChatOfDeleted, pageOfMessages, saveMessage } from './message-service';

const tags = ['Documents'];

export const messagePageSchema = z.object({
  data: z.array(chatMessageSchema),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});

/** The answer's events on the wire: the headers that keep every proxy from holding them back. */
export const streamEvents = (reply: FastifyReply, events: AsyncIterable<string>) =>
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(events));

/** One event of a question's answer on the wire, its data written through the event's schema (chatEvents). */
export const chatEvent = schemaEvents(chatEvents);

const messageRoutes =
  (chat: ChatServer): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.ctx.database;

    app.get(
      DOCUMENTS_API.messages,
      {
        schema: {
          tags,
          summary:
            'The chat, a page at a time (query businessId, documentId or fileId, cursor, limit 10): no cursor = the newest page; nextCursor = older messages, prevCursor = newer; each page in time order',
          querystring: messagesQuerySchema,
          response: {
            200: ok(messagePageSchema),
            ...errorResponses,
          },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request) => {
        const { businessId, documentId, fileId, cursor, limit } = request.query;
        const doc = await documentOfBusiness(
          db,
          businessOf(request, businessId),
          documentId ? { documentId } : { fileId },
        );
        return { result: await pageOfMessages(db, { documentId: doc.id }, cursor, limit) };
      },
    );

    app.post(
      DOCUMENTS_API.message,
      {
        schema: {
          tags,
          summary:
            'Ask about a document (body businessId, fileId or documentId, text, isUserMessage): the answer streams as server-sent events (message, token…, answer or error, end)',
          body: messageRequestSchema,
          response: {
            200: fileResponse('text/event-stream', 'The events, ending with `event: end`'),
            ...errorResponses,
          },
        },
        config: DOCUMENT_ACCESS,
      },
      async (request, reply) => {
        const { businessId, fileId, documentId, text } = request.body;
        const userId = caller(request).userId;
        const doc = await documentOfBusiness(
          db,
          businessOf(request, businessId),
          documentId ? { documentId } : { fileId },
        );
        if (doc.status === 'failed') throw conflict(doc.error ?? DOCUMENT_MESSAGES.failed);
        if (doc.status !== 'ready') throw conflict(DOCUMENT_MESSAGES.notReady);
        const asked = new Date(app.ctx.now());
        const question = askedQuestion(db, { scope: { documentId: doc.id }, text, userId, at: asked });
        const hangUp = hangUpSignal(reply);
        // However the stream ends (even before it starts), the question is saved; and dropped
        // again with the answer when the document was deleted meanwhile.
        const dropIfDeleted = () =>
          dropChatOfDeleted(db, doc.id).catch((err: unknown) =>
            app.log.error({ err, fileId: doc.fileId }, 'dropping the chat of a deleted document failed'),
          );
        reply.raw.once('close', () => void question.saved().then(dropIfDeleted));

        async function* events() {
          yield chatEvent('message', question.view);
          let caught: unknown = null;
          try {
            for await (const event of chat.message({ fileId: doc.fileId, text, documentId: doc.id }, hangUp)) {
              if (event.type === 'token') {
                yield chatEvent('token', { text: event.text });
                // The first token out, the question is written (the answer's own pieces keep coming).
                void question.saved();
                continue;
              }
              await question.written();
              if (event.type === 'error') yield chatEvent('error', { message: event.message });
              else {
                // After the question, even within the same millisecond (the chat orders by time).
                const at = new Date(Math.max(app.ctx.now(), asked.getTime() + 1));
                const answer = await saveMessage(db, {
                  scope: { documentId: doc.id },
                  text: event.text,
                  isUserMessage: false,
                  userId: null,
                  citations: markOcr(event.citations, doc.ocrPages),
                  at,
                });
                yield chatEvent('answer', answer);
              }
            }
          } catch (err) {
            caught = err;
            app.log.error({ err, fileId: doc.fileId }, 'answering a question failed');
            yield chatEvent('error', { message: DOCUMENT_MESSAGES.chatUnavailable });
          }
          // The question is in the chat before the stream says it is over.
          const failed = await question.saved();
          if (failed && failed !== caught)
            app.log.error({ err: failed, fileId: doc.fileId }, 'saving a question failed');
          await dropIfDeleted();
          yield chatEvent('end', END_MARKER);
        }

        // Read to its end even when the asker leaves: the answer is saved whole (offline) or as far
        // as the model got, cut short (docs/document-chat.md, *Saving*).
        return streamEvents(reply, readToEnd(events()));
      },
    );
  };

export default messageRoutes;
