/**
 * The one mechanism that decides who may call a route. Every route declares
 * `config.access`; an /api route that forgets to is treated as "any signed-in user", never as
 * public. Order: authenticate (401) → role (403) → tenant membership (403). Rows of another
 * business are then filtered by handlers through `tenantOf`, which makes them answer 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { normalizeRole } from '../../src/domain/roles';
import { MESSAGES } from '../../src/domain/messages';
import { sessions, users } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../http/errors';
import type { Access, AuthContext } from '../context';

/** Bearer token from the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves an access token to a live session of an active user, or null. */
export async function authenticate(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const claims = await app.ctx.tokens.verify(token);
  if (!claims) return null;
  const [row] = await app.ctx.database.db
    .select({
      userId: users.id,
      role: users.role,
      businessId: users.businessId,
      email: users.email,
      status: users.status,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row || row.status !== 'active' || row.expiresAt.getTime() <= app.ctx.now()) return null;
  const role = normalizeRole(row.role);
  if (!role) return null;
  touchSession(app, row.sessionId, row.lastSeenAt);
  return { userId: row.userId, sessionId: row.sessionId, role, businessId: row.businessId, email: row.email };
}

const TOUCH_EVERY_MS = 60_000;

/** Keeps sessions.last_seen_at roughly current (for "online users") without a write per request. */
function touchSession(app: FastifyInstance, sessionId: string, lastSeenAt: Date) {
  const now = app.ctx.now();
  if (now - lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  app.ctx.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.id, sessionId))
    .catch((err) => app.log.warn({ err }, 'could not update session activity'));
}

export function registerAccess(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const access: Access | undefined = request.routeOptions.config?.access;
    const isApi = request.url.toLowerCase().startsWith('/api/');
    // Unknown paths fall through to the not-found handler (a JSON 404 for /api).
    if (request.is404 || access === 'public' || (!access && !isApi)) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const auth = await authenticate(app, token);
    if (!auth) throw unauthorized(MESSAGES.invalidToken);
    request.auth = auth;
    const rule = access ?? { roles: 'any' as const };
    if (rule.roles !== 'any' && !rule.roles.includes(auth.role)) throw forbidden();
    if (rule.tenant && auth.role !== 'ADMIN' && !auth.businessId) throw forbidden();
  });
}

/** The signed-in caller of a route that is not public. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The business a tenant-scoped handler must filter by: the caller's own, or null for a
 * platform administrator who may see every business.
 */
export function tenantOf(request: FastifyRequest): string | null {
  const auth = caller(request);
  return auth.role === 'ADMIN' ? null : auth.businessId;
}

/** Another business's row looks exactly like a missing one. */
export function assertSameTenant(request: FastifyRequest, rowBusinessId: string | null | undefined) {
  const tenant = tenantOf(request);
  if (tenant !== null && rowBusinessId !== tenant) throw notFound();
}
