/**
 * Sessions and refresh-token rotation. A login opens a session (the token family). Each
 * refresh spends its token and issues the next; presenting a spent token again is treated as
 * theft: the whole session is revoked, so the thief's and the owner's tokens all stop working —
 * except within REFRESH_REUSE_GRACE_MS of its spending, when it is the owner's own race (the
 * same leeway Auth0 and Okta give rotation).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { refreshTokens, sessions, users } from '../../db/schema';
import { newRefreshToken } from '../../auth/tokens';
import { sha256 } from '../../auth/passwords';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

export async function openSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: { id: string; role: string },
): Promise<IssuedTokens> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + app.ctx.config.refreshTokenTtlDays * 86_400_000),
    })
    .returning({ id: sessions.id });
  return issueTokens(app, session!.id, user);
}

async function issueTokens(app: FastifyInstance, sessionId: string, user: { id: string; role: string }) {
  const refreshToken = newRefreshToken();
  await app.ctx.database.db.insert(refreshTokens).values({ sessionId, tokenHash: sha256(refreshToken) });
  const accessToken = await app.ctx.tokens.sign({ sub: user.id, sid: sessionId, role: user.role });
  return { accessToken, refreshToken };
}

/**
 * A spent refresh token presented again this soon after it was spent gets a fresh pair for its
 * session instead of ending it. The owner's browser does this on its own: two tabs whose hub
 * connections are refused at the same moment (the access token expired) both refresh with the one
 * token they share, and a page reloaded while its refresh was on the way spent the token without
 * ever storing the answer. Without the leeway either one signs the user out everywhere.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export type RotateResult =
  | { ok: true; tokens: IssuedTokens; userId: string }
  | { ok: false; reason: 'unknown' | 'reused' | 'expired'; userId?: string }
  /** `why`: the revokedReason the session was ended with, or 'inactive' for an account no longer active. */
  | { ok: false; reason: 'revoked'; userId: string; why: string };

export async function rotateRefreshToken(app: FastifyInstance, presented: string): Promise<RotateResult> {
  const { db } = app.ctx.database;
  const [token] = await db
    .select({ id: refreshTokens.id, sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .limit(1);
  if (!token) return { ok: false, reason: 'unknown' };
  const [session] = await db.select().from(sessions).where(eq(sessions.id, token.sessionId)).limit(1);
  if (!session) return { ok: false, reason: 'unknown' };
  const withinGrace = (spentAt: Date) => app.ctx.now() - spentAt.getTime() <= REFRESH_REUSE_GRACE_MS;
  if (token.usedAt && !withinGrace(token.usedAt)) {
    await revokeSession(app, session.id, 'refresh_token_reuse');
    return { ok: false, reason: 'reused', userId: session.userId };
  }
  if (session.revokedAt)
    return { ok: false, reason: 'revoked', userId: session.userId, why: session.revokedReason ?? '' };
  if (session.expiresAt.getTime() <= app.ctx.now()) return { ok: false, reason: 'expired', userId: session.userId };
  if (!token.usedAt) {
    // Spend the token atomically: of two racing refreshes one spends it, and the other, a moment
    // later, is within the grace.
    await db
      .update(refreshTokens)
      .set({ usedAt: new Date(app.ctx.now()) })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)));
  }
  const [user] = await db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, session.userId));
  if (!user || user.status !== 'active')
    return { ok: false, reason: 'revoked', userId: session.userId, why: 'inactive' };
  const tokens = await issueTokens(app, session.id, user);
  return { ok: true, tokens, userId: user.id };
}

export async function revokeSession(app: FastifyInstance, sessionId: string, reason: string) {
  await app.ctx.database.db
    .update(sessions)
    .set({ revokedAt: new Date(app.ctx.now()), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(app: FastifyInstance, userId: string, reason: string) {
  await app.ctx.database.db
    .update(sessions)
    .set({ revokedAt: new Date(app.ctx.now()), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Signs the user out everywhere except the session `keep` (the one that made the change). */
export async function revokeOtherSessions(app: FastifyInstance, userId: string, keep: string, reason: string) {
  await app.ctx.database.db
    .update(sessions)
    .set({ revokedAt: new Date(app.ctx.now()), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)));
}

/** Login and refresh answer with the tokens in headers (the product brief, section 7: the calls it makes, Auth). */
export function setTokenHeaders(res: FastifyReply, tokens: IssuedTokens) {
  res.header('authorization', `Bearer ${tokens.accessToken}`);
  res.header('refreshtoken', tokens.refreshToken);
  res.header('cache-control', 'no-store');
}
