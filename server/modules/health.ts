/** GET /health: the process is up and the database answers (503 when it does not). */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/api-paths';

export default async function healthRoutes(app: FastifyInstance) {
  app.get(
    API.health,
    { schema: { tags: ['System'], summary: 'Liveness and database state' }, config: { access: 'public' } },
    async (_req, res) => {
      const { database } = app.ctx;
      try {
        const latencyMs = await database.ping();
        return { result: { status: 'ok', database: { status: 'up', kind: database.kind, latencyMs } } };
      } catch {
        res.status(503);
        return { result: { status: 'degraded', database: { status: 'down', kind: database.kind } } };
      }
    },
  );
}
