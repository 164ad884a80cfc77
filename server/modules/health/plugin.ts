/** GET /health: the process is up and the database answers (503 when it does not). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { ok } from '../../http/response';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    kind: z.string(),
    latencyMs: z.number().optional(),
  }),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.health,
    {
      schema: {
        tags: ['System'],
        summary: 'Liveness and database state',
        response: { 200: ok(health), 503: ok(health) },
      },
      config: { access: 'public' },
    },
    async (_req, res) => {
      const { database } = app.ctx;
      try {
        const latencyMs = await database.ping();
        return {
          result: { status: 'ok' as const, database: { status: 'up' as const, kind: database.kind, latencyMs } },
        };
      } catch {
        res.status(503);
        return { result: { status: 'degraded' as const, database: { status: 'down' as const, kind: database.kind } } };
      }
    },
  );
};
export default healthRoutes;
