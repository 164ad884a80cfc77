/** Writes, counts, lists and deletes security events (sign-ins, refreshes, recovery) in `access_logs`. */
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { AccessEvent, AccessLogEntry } from '../../../src/domain/access-log';
import { accessLogs } from '../../db/schema';

export type { AccessEvent } from '../../../src/domain/access-log';

/** Writes one event; answers its id. */
export async function logAccess(
  db: DbOrTx,
  request: FastifyRequest,
  entry: { event: AccessEvent; userId?: string | null; email?: string | null; success?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(accessLogs)
    .values({
      event: entry.event,
      userId: entry.userId ?? null,
      email: entry.email ?? null,
      success: entry.success ?? true,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
    })
    .returning({ id: accessLogs.id });
  return row!.id;
}

/** Removes one event written by logAccess (a try given back). */
export async function removeAccessEntry(db: DbOrTx, id: string) {
  await db.delete(accessLogs).where(eq(accessLogs.id, id));
}

/** How many `event`s were logged for this email since `since` (per-account rate limits). */
export async function countEvents(db: DbOrTx, email: string, event: AccessEvent, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accessLogs)
    .where(and(eq(accessLogs.email, email), eq(accessLogs.event, event), gte(accessLogs.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * When the `nth` newest `event` for this email since `since` was logged, if there are that many:
 * a per-account limit of `nth` lifts once that entry leaves the window.
 */
export async function nthNewestEventAt(
  db: DbOrTx,
  email: string,
  event: AccessEvent,
  since: Date,
  nth: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: accessLogs.createdAt })
    .from(accessLogs)
    .where(and(eq(accessLogs.email, email), eq(accessLogs.event, event), gte(accessLogs.createdAt, since)))
    .orderBy(desc(accessLogs.createdAt))
    .limit(1)
    .offset(nth - 1);
  return row?.at ?? null;
}

/** One page of a user's own log, newest first, and how many entries there are in all. */
export async function listAccessLog(
  db: Db,
  userId: string,
  page: number,
  perPage: number,
): Promise<{ rows: AccessLogEntry[]; total: number }> {
  const mine = eq(accessLogs.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: accessLogs.id,
        event: accessLogs.event,
        success: accessLogs.success,
        ip: accessLogs.ip,
        userAgent: accessLogs.userAgent,
        createdAt: accessLogs.createdAt,
      })
      .from(accessLogs)
      .where(mine)
      .orderBy(desc(accessLogs.createdAt), desc(accessLogs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(accessLogs).where(mine),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, event: r.event as AccessEvent, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
  };
}

/** Deletes one entry of the user's own log; false when there is no such entry of theirs. */
export async function deleteAccessLogEntry(db: Db, userId: string, logId: string): Promise<boolean> {
  const deleted = await db
    .delete(accessLogs)
    .where(and(eq(accessLogs.id, logId), eq(accessLogs.userId, userId)))
    .returning({ id: accessLogs.id });
  return deleted.length > 0;
}
