/**
 * The home dashboard's event items of a club owner: one indexed range query
 * (events_business_time_idx) that also counts the whole range with a window function.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { LIST_LIMIT, type DashboardItemList } from '../../../src/domain/home/dashboard';
import type { Db } from '../../db/client';
import { events } from './tables';

const total = sql<number>`count(*) over ()`.mapWith(Number);

/** Scheduled events starting in [from, to): the count and the next few. */
export async function upcomingEvents(db: Db, businessId: string, from: Date, to: Date): Promise<DashboardItemList> {
  const e = events;
  const rows = await db
    .select({ id: e.id, name: e.name, startsAt: e.startsAt, endsAt: e.endsAt, status: e.status, total })
    .from(e)
    .where(and(eq(e.businessId, businessId), gte(e.startsAt, from), lt(e.startsAt, to), eq(e.status, 'scheduled')))
    .orderBy(asc(e.startsAt))
    .limit(LIST_LIMIT);
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      kind: 'event',
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      title: row.name,
      detail: '',
      partySize: null,
      status: row.status,
    })),
  };
}
