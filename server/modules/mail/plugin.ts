/** Mail: the SMTP delivery worker (the adapter itself is built by server/app.ts, before any module). */
import type { FastifyInstance } from 'fastify';
import { startMailWorker } from './worker';

export default async function mailModule(app: FastifyInstance) {
  startMailWorker(app);
}
