/**
 * The chat server as its own HTTP service (the brief's external chat server), for
 * CHAT_SERVER_URL: `POST /embedding` (multipart: file, fileId) queues the document's indexing
 * and answers 202; `POST /message` (JSON: fileId, text) answers as server-sent events — `token`
 * pieces, then `done` (the answer as saved, with its citations) or `error` — and always ends
 * with `event: end`. It shares the API's PostgreSQL (the document rows, chunks and status). It
 * is not public: when CHAT_SERVER_TOKEN is set, every call must carry it as a bearer token.
 */
import { Readable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  CHAT_SERVER_API,
  chatServerEvents,
  chatServerMessageSchema,
  DOCUMENT,
  END_MARKER,
} from '../../../src/domain/documents/documents';
import type { Db } from '../../db/client';
import type { FileStorage } from '../storage';
import type { ModelConfig } from './answer-model';
import { hangUpSignal } from './hang-up';
import { createLocalChatServer, schemaEvents } from './chat-server';
import { createIndexer } from './indexer';
import { stopPdfReaders, warmPdfReader } from './pdf-reader';
import { isUuid } from '../../../src/domain/uuid';

export interface ChatServerOptions {
  db: Db;
  storage: FileStorage;
  model: ModelConfig | null;
  token?: string | null;
  logger?: boolean | FastifyBaseLogger;
  now?: () => number;
}

/** One event of an answer on the wire, its data written through the event's schema. */
const serverEvent = schemaEvents(chatServerEvents);

export async function buildChatServerApp(options: ChatServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 64 * 1024 });
  await app.register(multipart, { limits: { fileSize: DOCUMENT.maxBytes, files: 1, fields: 3, parts: 4 } });
  const indexer = createIndexer({
    db: options.db,
    storage: options.storage,
    log: app.log,
    now: options.now ?? Date.now,
  });
  const chat = createLocalChatServer({ db: options.db, indexer, model: options.model });
  app.addHook('onReady', async () => {
    warmPdfReader();
    await indexer.resume();
  });
  app.addHook('onClose', async () => {
    indexer.stop();
    await stopPdfReaders();
  });
  if (options.token) {
    const expected = `Bearer ${options.token}`;
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== expected)
        return reply.code(401).send({ message: 'Unauthorized', errors: {} });
    });
  }

  app.post(CHAT_SERVER_API.embedding, async (request, reply) => {
    let fileId: string | undefined;
    let bytes: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.fieldname === 'fileId') fileId = String(part.value);
      else if (part.type === 'file' && part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
    if (!fileId || !isUuid(fileId) || !bytes)
      return reply
        .code(400)
        .send({ message: 'Send file and fileId', errors: { file: 'Required', fileId: 'Required' } });
    await chat.embed({ fileId, bytes });
    return reply.code(202).send({ result: true });
  });

  app.post(CHAT_SERVER_API.message, async (request, reply) => {
    const body = chatServerMessageSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: 'Send fileId and text', errors: {} });
    const question = body.data;
    const hangUp = hangUpSignal(reply);
    async function* events() {
      try {
        for await (const { type, ...data } of chat.message(question, hangUp)) yield serverEvent(type, data);
      } catch (err) {
        app.log.error({ err }, 'answering failed');
        yield serverEvent('error', { message: 'The answer failed' });
      }
      yield serverEvent('end', END_MARKER);
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(Readable.from(events()));
  });

  return app;
}
