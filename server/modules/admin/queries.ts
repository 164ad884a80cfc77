/** Reads of the administrators' screens that no declared resource gives. */
import { and, count, countDistinct, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** "Online": a live session that made a request in the last few minutes. */
const ONLINE_WINDOW_MS = 5 * 60_000;

/** Users signed in right now, the most recently seen first, and how many there are in all. */
export async function onlineUsers(db: Db, now: number, page: number, perPage: number) {
  const live = and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.lastSeenAt, new Date(now - ONLINE_WINDOW_MS)),
  );
  const lastSeen = max(sessions.lastSeenAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        roleName: users.role,
        lastSeenAt: lastSeen,
        sessions: count(sessions.id),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(live)
      .groupBy(users.id)
      .orderBy(desc(lastSeen), users.id)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: countDistinct(sessions.userId) })
      .from(sessions)
      .where(live),
  ]);
  // Every grouped row has a live session, so a last-seen time.
  return { rows: rows.map((r) => ({ ...r, lastSeenAt: r.lastSeenAt!.toISOString() })), total: total?.n ?? 0 };
}
