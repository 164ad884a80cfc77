/**
 * The one mechanism that decides who may call a route. Every route declares
 * `config.access`; an /api route that forgets to is treated as "any signed-in user", never as
 * public. Order: authenticate (401) → role (403) → tenant membership (403). Rows of another
 * business are then filtered by handlers through `tenantOf`, which makes them answer 404.
 *
 * Two-factor gate (after authenticate): a session of a user with two-factor on that has not
 * passed it yet (no two_factor_sessions row) reaches only routes flagged `allowBeforeTwoFactor`
 * (authorize-two-factor, me, logout; refresh is public) and gets 403 `twoFactorRequired` elsewhere.
 *
 * Subscription gate (last): a user the screens would send to /checkout gets 403
 * `subscriptionRequired` on every route but those payments/subscription-gate.ts exempts, judged
 * from the billing columns read with the session (no query of its own).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeRole } from '../../src/domain/roles';
import { MEMBER_ROLE } from '../../src/domain/team';
import { memberPrivileges } from '../modules/team';
import { subscriptionLetsThrough, waitingSubscriptionOf } from '../modules/payments';
import { MESSAGES } from '../../src/domain/messages';
import { sessions, twoFactorSessions, users } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../http/errors';
import type { Access, AuthContext } from '../context';
import type { ResolvedSession } from './session-cache';

/** Bearer token from the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A session still waiting for two-factor may call this route (see the note above). */
    allowBeforeTwoFactor?: boolean;
  }
}

/**
 * Resolves an access token to a live session of an active user, or null. A session waiting for
 * two-factor counts as none unless the caller allows it, so the hub and other direct callers
 * stay closed to it by default.
 */
export async function authenticate(
  app: FastifyInstance,
  token: string,
  options: { allowBeforeTwoFactor?: boolean } = {},
): Promise<AuthContext | null> {
  const session = await resolveSession(app, token);
  if (!session || (session.awaitingTwoFactor && !options.allowBeforeTwoFactor)) return null;
  return session.auth;
}

/**
 * The session behind a token: from the session cache when it holds it (see session-cache.ts
 * for why that is always what the database would say), else verified and read, then stored.
 */
async function resolveSession(app: FastifyInstance, token: string): Promise<ResolvedSession | null> {
  const cache = app.ctx.sessions;
  const known = cache.get(token);
  if (known) {
    touchSession(app, known);
    return known;
  }
  const generation = cache.generation;
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
      twoFactorEnabled: users.twoFactorEnabled,
      twoFactorAuthorizedAt: twoFactorSessions.authorizedAt,
      // The subscription gate's fields, in the same statement: no second round trip per request.
      shouldHaveSubscription: users.shouldHaveSubscription,
      trialEndsAt: users.trialEndsAt,
      subscriptionActive: users.subscriptionActive,
      waitingSubscription: waitingSubscriptionOf(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactorSessions, eq(twoFactorSessions.sessionId, sessions.id))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row || row.status !== 'active' || row.expiresAt.getTime() <= app.ctx.now()) return null;
  const role = normalizeRole(row.role);
  if (!role) return null;
  const resolved: ResolvedSession = {
    auth: { userId: row.userId, sessionId: row.sessionId, role, businessId: row.businessId, email: row.email },
    awaitingTwoFactor: row.twoFactorEnabled && !row.twoFactorAuthorizedAt,
    billing: {
      shouldHaveSubscription: row.shouldHaveSubscription,
      trialEndsAt: row.trialEndsAt?.getTime() ?? null,
      subscriptionActive: row.subscriptionActive,
      waitingSubscription: row.waitingSubscription,
    },
    sessionExpiresAt: row.expiresAt.getTime(),
    tokenExpiresAt: claims.expiresAt,
    lastSeenAt: row.lastSeenAt.getTime(),
  };
  touchSession(app, resolved);
  cache.set(token, resolved, generation);
  return resolved;
}

const TOUCH_EVERY_MS = 60_000;

/**
 * Keeps sessions.last_seen_at roughly current (for "online users") without a write per request.
 * Written as plain SQL behind a comment so the session cache's own-write watch
 * (server/db/client.ts) does not take it for a change of who may do what; no trigger watches
 * this column either.
 */
function touchSession(app: FastifyInstance, session: ResolvedSession) {
  const now = app.ctx.now();
  if (now - session.lastSeenAt < TOUCH_EVERY_MS) return;
  session.lastSeenAt = now;
  app.ctx.database.db
    .execute(
      sql`/* activity only */ update ${sessions} set ${sql.identifier('last_seen_at')} = ${new Date(now)} where ${sessions.id} = ${session.auth.sessionId}`,
    )
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
    const session = await resolveSession(app, token);
    if (!session) throw unauthorized(MESSAGES.invalidToken);
    const { auth } = session;
    request.auth = auth;
    if (session.awaitingTwoFactor && !request.routeOptions.config?.allowBeforeTwoFactor) {
      throw forbidden(MESSAGES.twoFactorRequired);
    }
    const rule = access ?? { roles: 'any' as const };
    if (rule.roles !== 'any' && !rule.roles.includes(auth.role)) throw forbidden();
    if (rule.tenant && auth.role !== 'ADMIN' && !auth.businessId) throw forbidden();
    // A venue employee reaches the owner's venue routes only with the member privilege they name.
    if (rule.privilege && auth.role === MEMBER_ROLE) {
      const granted = await memberPrivileges(app.ctx.database.db, auth.userId);
      if (!granted.includes(rule.privilege)) throw forbidden(MESSAGES.privilegeMissing);
    }
    if (!subscriptionLetsThrough(request.routeOptions.url ?? request.url, session.billing, app.ctx.now())) {
      throw forbidden(MESSAGES.subscriptionRequired);
    }
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
