/**
 * The HTTP upgrade into a hub WebSocket: path, Origin and token are checked here, before the
 * socket is accepted. A bad token is still accepted so the client can be told "Unauthorized"
 * in-protocol (a refused upgrade looks like a network error and is retried).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export const HUB_PATH = '/hubs/notifications';

/** Paths are matched like the REST routes: case-insensitively, trailing slash ignored. */
export function isHubPath(url: string | undefined): boolean {
  const pathname = (url ?? '/').split('?')[0]!.toLowerCase().replace(/\/+$/, '');
  return pathname === HUB_PATH;
}

/**
 * Browsers always send Origin on WebSockets and CORS does not apply, so a page on another
 * site could otherwise open a socket with a stolen-in-URL token. Node clients send none.
 * The server's own origin (Origin host equal to Host) is always allowed.
 */
export function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The access token: `access_token` query parameter (browsers) or a Bearer header (Node). */
export function upgradeToken(req: IncomingMessage): string | null {
  const query = new URL(req.url ?? '/', 'http://hub.invalid').searchParams.get('access_token');
  if (query) return query;
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Refuses an upgrade with a bare HTTP status line. */
export function refuseUpgrade(socket: Duplex, status: 403 | 404, reason: string) {
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}
