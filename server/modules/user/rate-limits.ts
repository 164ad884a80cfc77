/**
 * Rate limits on sign-in and code endpoints. Per IP: @fastify/rate-limit on the route (in
 * process memory). Per account: counted from access_logs, so all server processes share it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AccessEvent } from './access-log';
import { countEvents, logAccess, nthNewestEventAt, removeAccessEntry } from './access-log';
import { tooManyRequests } from '../../http/errors';

/** Route config for the per-IP limit; inert when rate limiting is switched off. */
export function perIpLimit(app: FastifyInstance): { rateLimit?: { max: number; timeWindow: number } } {
  const { enabled, authPerIpPerMinute } = app.ctx.config.rateLimit;
  return enabled ? { rateLimit: { max: authPerIpPerMinute, timeWindow: 60_000 } } : {};
}

export async function enforceAccountLimit(app: FastifyInstance, email: string, event: AccessEvent, max: number) {
  await enforceAccountLimitOn(app.ctx.database.db, app, email, event, max);
}

async function enforceAccountLimitOn(db: DbOrTx, app: FastifyInstance, email: string, event: AccessEvent, max: number) {
  const { enabled, windowMinutes } = app.ctx.config.rateLimit;
  if (!enabled) return;
  const windowMs = windowMinutes * 60_000;
  const since = new Date(app.ctx.now() - windowMs);
  if ((await countEvents(db, email, event, since)) >= max) {
    // The limit lifts when the max-th newest event leaves the window: say exactly when, so the
    // sign-in page can tell the user until when it is paused.
    const counted = await nthNewestEventAt(db, email, event, since, max);
    const waitMs = counted ? counted.getTime() + windowMs - app.ctx.now() : windowMs;
    throw tooManyRequests(Math.min(windowMs, Math.max(1000, waitMs)) / 1000);
  }
}

/**
 * Takes one try of an account's allowance before a guess (a password) is checked: under a lock
 * on that account's limit, 429 when it is used up, else the failure `event` is written now, and
 * the caller gives it back (`giveBack`) when the guess was right. Checked first and written after
 * the slow check, guesses sent at once all read the same count, and a burst of twelve wrong
 * passwords was checked in full against a limit of three. A mail sent on request (a recovery code)
 * is taken the same way, logged as what it is (`success`), and never given back.
 */
export async function takeTry(
  app: FastifyInstance,
  request: FastifyRequest,
  entry: { email: string; event: AccessEvent; max: number; userId?: string | null; success?: boolean },
): Promise<{ giveBack(): Promise<void> }> {
  const { db } = app.ctx.database;
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limit:${entry.event}:${entry.email}`}))`);
    await enforceAccountLimitOn(tx, app, entry.email, entry.event, entry.max);
    return logAccess(tx, request, {
      event: entry.event,
      userId: entry.userId,
      email: entry.email,
      success: entry.success ?? false,
    });
  });
  return { giveBack: () => removeAccessEntry(db, id) };
}
