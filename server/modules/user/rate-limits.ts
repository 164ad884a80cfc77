/**
 * Rate limits on sign-in and code endpoints. Per IP: @fastify/rate-limit on the route (in
 * process memory). Per account: counted from access_logs, so all server processes share it.
 */
import type { FastifyInstance } from 'fastify';
import type { AccessEvent } from './access-log';
import { countEvents, nthNewestEventAt } from './access-log';
import { tooManyRequests } from '../../http/errors';

/** Route config for the per-IP limit; inert when rate limiting is switched off. */
export function perIpLimit(app: FastifyInstance): { rateLimit?: { max: number; timeWindow: number } } {
  const { enabled, authPerIpPerMinute } = app.ctx.config.rateLimit;
  return enabled ? { rateLimit: { max: authPerIpPerMinute, timeWindow: 60_000 } } : {};
}

export async function enforceAccountLimit(app: FastifyInstance, email: string, event: AccessEvent, max: number) {
  const { enabled, windowMinutes } = app.ctx.config.rateLimit;
  if (!enabled) return;
  const windowMs = windowMinutes * 60_000;
  const since = new Date(app.ctx.now() - windowMs);
  const { db } = app.ctx.database;
  if ((await countEvents(db, email, event, since)) >= max) {
    // The limit lifts when the max-th newest event leaves the window: say exactly when, so the
    // sign-in page can tell the user until when it is paused.
    const counted = await nthNewestEventAt(db, email, event, since, max);
    const waitMs = counted ? counted.getTime() + windowMs - app.ctx.now() : windowMs;
    throw tooManyRequests(Math.min(windowMs, Math.max(1000, waitMs)) / 1000);
  }
}
