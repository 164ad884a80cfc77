/**
 * Serves the built client: hashed assets with long caching, and index.html (never cached)
 * for any other GET, so deep links work (history fallback). Unknown /api and /hubs paths get
 * a JSON 404 instead. Without a build, GETs explain how to make one.
 */
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '../../src/domain/messages';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its styles at run time (CSS-in-JS)
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The mail preview's frame (public/mail-frame.html, drawn by src/ui/mail/MailFrame.tsx): a mail's
 * pictures come from anywhere on https, as in a mail app, and the app's policy (pictures from the
 * app only) is inherited by any frame the app draws from a string (srcdoc), which showed none.
 * This page alone allows them: no script but its own (the mail itself sits in a sandboxed frame
 * inside it, no scripts at all), inline styles (a mail's), no fetches, forms or framing by others.
 */
export const MAIL_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data: https:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
const MAIL_FRAME = 'mail-frame.html';

export async function registerSpa(app: FastifyInstance, clientDir: string) {
  const built = existsSync(join(clientDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(clientDir, 'assets')}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (path.endsWith('sw.js')) res.setHeader('service-worker-allowed', '/');
        if (path === join(clientDir, MAIL_FRAME)) res.setHeader('content-security-policy', MAIL_FRAME_CSP);
      },
    });
  }

  const sendIndex = (res: FastifyReply) => {
    res.header('cache-control', 'no-cache').header('content-security-policy', CSP);
    return res.sendFile('index.html', clientDir, { cacheControl: false });
  };

  /**
   * A file added to the build after start-up (a rebuild while the server runs): the static
   * plugin only knows the files it saw at start, so look on disk before falling back.
   */
  const lateFile = (urlPath: string): string | null => {
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(urlPath)).replace(/^[/\\]+/, '');
    } catch {
      return null;
    }
    if (!relative || relative.startsWith('..') || relative.includes(`${sep}..`)) return null;
    const full = join(clientDir, relative);
    return full.startsWith(clientDir + sep) && existsSync(full) && statSync(full).isFile() ? relative : null;
  };

  app.setNotFoundHandler((request, res) => {
    const rawPath = request.url.split('?')[0]!;
    const path = rawPath.toLowerCase();
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/hubs/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return res.status(404).send({ message: isApi ? MESSAGES.routeNotFound : MESSAGES.notFound, errors: {} });
    }
    const file = built ? lateFile(rawPath) : null;
    if (file) {
      res.header('cache-control', file.startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (file === MAIL_FRAME) res.header('content-security-policy', MAIL_FRAME_CSP);
      return res.sendFile(file, clientDir, { cacheControl: false });
    }
    if (!built) {
      return res
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built yet. Run `npm run build` (npm start does it for you), or use `npm run dev`.');
    }
    return sendIndex(res);
  });
}
