/** Writes and counts security events (sign-ins, refreshes, recovery) in `access_logs`. */
import type { FastifyRequest } from 'fastify';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AccessEvent } from '../../../src/domain/access-log';
import { accessLogs } from '../../db/schema';

export type { AccessEvent } from '../../../src/domain/access-log';

export async function logAccess(
  db: Db,
  request: FastifyRequest,
  entry: { event: AccessEvent; userId?: string | null; email?: string | null; success?: boolean },
) {
  await db.insert(accessLogs).values({
    event: entry.event,
    userId: entry.userId ?? null,
    email: entry.email ?? null,
    success: entry.success ?? true,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
  });
}

/** How many `event`s were logged for this email since `since` (per-account rate limits). */
export async function countEvents(db: Db, email: string, event: AccessEvent, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accessLogs)
    .where(and(eq(accessLogs.email, email), eq(accessLogs.event, event), gte(accessLogs.createdAt, since)));
  return row?.n ?? 0;
}
