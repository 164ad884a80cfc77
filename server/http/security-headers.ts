import type { FastifyInstance } from 'fastify';

/** Headers every response carries; the SPA's HTML adds its CSP in spa.ts. */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, res) => {
    res.header('x-content-type-options', 'nosniff');
    res.header('referrer-policy', 'strict-origin-when-cross-origin');
    res.header('x-frame-options', 'DENY');
  });
}
