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

/**
 * The address a socket's per-address limit is counted under: the peer's, or behind a trusted
 * proxy (TRUST_PROXY) the client's as the proxy forwarded it, as Fastify's `request.ip` reads it
 * (the first X-Forwarded-For entry). An IPv6 client is counted by its /64, the block one
 * machine is usually given, so it cannot take a new address per socket; an IPv4 address
 * written as IPv6 (`::ffff:1.2.3.4`) is the IPv4 one.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return addressKey(first || req.socket.remoteAddress || 'unknown');
}

/** An address as counted: IPv4 as is, IPv6 by its first four groups (its /64). */
export function addressKey(address: string): string {
  const bare = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+/, '') || '0')
    .join(':')}::/64`;
}
