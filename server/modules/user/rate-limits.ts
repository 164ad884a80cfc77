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

interface TryEntry {
  email: string;
  event: AccessEvent;
  max: number;
  userId?: string | null;
}

/**
 * A guess (a password) checked against an account's allowance of failures: `check` throws when
 * the guess fails (a wrong password, an account that may not go on), which counts as one `event`.
 * With limits on, the try is taken before the check (takeTry): guesses sent at once each count.
 * With limits off nothing is counted, so no lock and no transaction; a failure is only logged,
 * after the check, and the account's security log shows it either way.
 */
export async function countedGuess<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  entry: TryEntry,
  check: () => Promise<T>,
): Promise<T> {
  const { db } = app.ctx.database;
  const failure = { event: entry.event, userId: entry.userId, email: entry.email, success: false };
  if (!app.ctx.config.rateLimit.enabled) {
    try {
      return await check();
    } catch (error) {
      await logAccess(db, request, failure);
      throw error;
    }
  }
  const id = await takeTry(app, request, entry.email, entry.max, failure);
  const result = await check();
  // The guess was right: its try is given back.
  await removeAccessEntry(db, id);
  return result;
}

/**
 * A mail sent on request (a recovery code, an invitation code): taken from the account's
 * allowance before anything is sent, so mails asked for at once each count, and logged as what it
 * is (a success, never given back). With limits off it is only logged.
 */
export async function countedRequest(app: FastifyInstance, request: FastifyRequest, entry: TryEntry): Promise<void> {
  const done = { event: entry.event, userId: entry.userId, email: entry.email, success: true };
  if (!app.ctx.config.rateLimit.enabled) await logAccess(app.ctx.database.db, request, done);
  else await takeTry(app, request, entry.email, entry.max, done);
}

/**
 * Takes one try of an account's allowance: under a lock on that account's limit, 429 when it is
 * used up, else `log` is written now (the caller removes it when the try is given back). Checked
 * first and written after the slow check, guesses sent at once all read the same count, and a
 * burst of twelve wrong passwords was checked in full against a limit of three.
 */
async function takeTry(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
  max: number,
  log: Parameters<typeof logAccess>[2],
): Promise<string> {
  return app.ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limit:${log.event}:${email}`}))`);
    await enforceAccountLimitOn(tx, app, email, log.event, max);
    return logAccess(tx, request, log);
  });
}
