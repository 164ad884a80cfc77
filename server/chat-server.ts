/**
 * The chat server as its own process (document chat's `embedding` and `message`), for an API
 * started with CHAT_SERVER_URL pointing here. It needs the API's PostgreSQL (DATABASE_URL: an
 * embedded PGlite cannot be shared between processes) and the same file storage (DATA_DIR or
 * S3_*). CHAT_SERVER_PORT (default 3100) and HOST; CHAT_SERVER_TOKEN, when set, must match the
 * API's. LLM_BASE_URL / LLM_API_KEY / LLM_MODEL as in the API.
 *
 *   DATABASE_URL=postgres://… npx tsx server/chat-server.ts
 */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { modelConfigFrom, buildChatServerApp } from './modules/documents';
import { createStorage } from './modules/storage';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('The chat server shares the API’s PostgreSQL: set DATABASE_URL.');
  process.exit(1);
}
const database = await openDatabase(config);
const app = await buildChatServerApp({
  db: database.db,
  storage: createStorage(config),
  model: modelConfigFrom(process.env),
  token: process.env.CHAT_SERVER_TOKEN || null,
  logger: true,
});
// Closed after the app, not in an onClose hook (those run last-added first): see server/index.ts.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
const port = Number(process.env.CHAT_SERVER_PORT) || 3100;
await app.listen({ host: config.host, port });
console.log(`Chat server listening on ${config.host}:${port}`);
