/** GET /api/AdminAccount/system-status: the status page's checks (system-checks.ts runs them). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { errorResponses, ok, timestamp } from '../../http/response';
import { systemStatus } from './system-checks';

const check = z.object({
  name: z.enum(['database', 'mail', 'storage', 'hub']),
  state: z.enum(['up', 'down', 'unconfigured']),
  latencyMs: z.number().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

const status = z.object({
  checkedAt: timestamp,
  uptimeSeconds: z.number(),
  memoryMb: z.number(),
  node: z.string(),
  checks: z.array(check),
});

const systemStatusRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.systemStatus,
    {
      schema: {
        tags: ['Admin'],
        summary: 'Database, mail, storage and hub checks with latencies',
        response: { 200: ok(status), ...errorResponses },
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async () => ({ result: await systemStatus(app.ctx) }),
  );
};
export default systemStatusRoute;
