/**
 * The server as `server/index.ts` runs it, plus one benchmark-only ability: on the IPC message
 * 'memory' it collects garbage and answers process.memoryUsage(), so the hub benchmark measures
 * the JavaScript memory a connection costs rather than RSS, which PGlite's WebAssembly heap
 * moves by hundreds of MB on its own. Start with `node --expose-gc --import tsx`.
 */
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { seedDemoData } from '../../server/seed/demo';

const config = loadConfig();
const database = await openDatabase(config);
await seedDemoData(database.db);
const app = await buildApp(config, { database, mailLog: () => undefined });
app.addHook('onClose', async () => database.close());
await app.listen({ host: config.host, port: config.port });

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message !== 'memory') return;
  gc?.();
  gc?.();
  process.send?.({ memory: process.memoryUsage(), gc: Boolean(gc) });
});
process.once('SIGTERM', () => {
  app.close().finally(() => process.exit(0));
});
