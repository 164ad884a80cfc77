/**
 * Document chat (chat_with_pdf): the Documents calls, and the chat server they use — inside
 * this process by default (indexing in a worker queue, answers from full-text search, or from
 * an OpenAI-compatible model when LLM_BASE_URL is set), or another process when
 * CHAT_SERVER_URL is set (server/chat-server.ts; it then does the indexing and the answers).
 */
import type { FastifyInstance } from 'fastify';
import { DOCUMENT } from '../../../src/domain/documents/documents';
import { modelConfigFrom } from './answer-model';
import { createLocalChatServer, createRemoteChatServer, type ChatServer } from './chat-server';
import documentRoutes from './document-routes';
import { createIndexer } from './indexer';
import { publishDocumentChange } from './live';
import messageRoutes from './message-routes';
import allDocumentsRoutes from './all-documents-routes';
import { stopPdfReaders, warmPdfReader } from './pdf-reader';
import { warmOfflineAnswers } from './warm-up';
import { registerMultipart } from '../storage';

export default async function documentsModule(app: FastifyInstance) {
  // A user the screens send to /checkout (trial over, no subscription) is refused every call
  // here by the API's subscription gate (payments/subscription-gate.ts), before an upload's bytes are read.
  // One PDF per request, read into memory: past the size limit the part stops and the upload is refused.
  await registerMultipart(app, { maxBytes: DOCUMENT.maxBytes, fields: 5, sizeCheckedBy: 'parser' });
  let chat: ChatServer;
  const model = modelConfigFrom(process.env);
  const remote = process.env.CHAT_SERVER_URL;
  if (remote) chat = createRemoteChatServer(remote, process.env.CHAT_SERVER_TOKEN || null);
  else {
    const indexer = createIndexer({
      db: app.ctx.database.db,
      storage: app.ctx.storage,
      log: app.log,
      now: app.ctx.now,
      onIndexed: (doc) => void publishDocumentChange(app, 'updated', doc.businessId, doc.id),
    });
    chat = createLocalChatServer({ db: app.ctx.database.db, indexer, model });
    app.addHook('onReady', async () => {
      warmPdfReader();
      await indexer.resume();
    });
    // Only a listening server (npm start, the browser tests' server), not each API test's app; after
    // listen() has returned, so the start is not held up (warm-up.ts says why).
    app.addHook('onListen', async () => {
      setImmediate(warmOfflineAnswers);
    });
    app.addHook('onClose', async () => {
      indexer.stop();
      await stopPdfReaders();
    });
  }
  await app.register(documentRoutes(chat));
  await app.register(messageRoutes(chat));
  await app.register(allDocumentsRoutes(model));
}
