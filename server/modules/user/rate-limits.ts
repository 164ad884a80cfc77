/**
 * Rate limits on sign-in and code endpoints. Per IP: @fastify/rate-limit on the route (in
 * process memory). Per account: counted from access_logs, so all server processes share it.
 */
import type { FastifyInstance } from 'fastify';
import type { AccessEvent } from './access-log';
import { countEvents } from './access-log';
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
  if ((await countEvents(app.ctx.database.db, email, event, since)) >= max) {
    throw tooManyRequests(windowMs / 1000);
  }
}
