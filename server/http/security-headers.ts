import type { FastifyInstance } from 'fastify';

/**
 * Headers every response carries; the SPA's HTML adds its CSP in spa.ts. Nothing may be framed,
 * except by the app itself what its policy says may be (the mail preview's frame, MAIL_FRAME_CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, res) => {
    res.header('x-content-type-options', 'nosniff');
    res.header('referrer-policy', 'strict-origin-when-cross-origin');
    // A static file's headers are set on the raw response (spa.ts, setHeaders).
    const policy = String(
      res.getHeader('content-security-policy') ?? res.raw.getHeader('content-security-policy') ?? '',
    );
    res.header('x-frame-options', policy.includes("frame-ancestors 'self'") ? 'SAMEORIGIN' : 'DENY');
  });
}
