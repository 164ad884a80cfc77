/**
 * The home dashboard's reservation items of a club owner: tonight's reservations at the
 * business's venues — each venue's night as it is now (src/domain/venue/venue-night.ts, the
 * night the reservations screen opens on and the door admits for) — and those still booked
 * after it. Each list is one indexed range query (reservations_business_idx) that also counts
 * the whole range with a window function, so a count and the first few rows cost one round trip.
 */
import { and, asc, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { LIST_LIMIT, type DashboardItem, type DashboardItemList } from '../../../src/domain/home/dashboard';
import { venueNightAt } from '../../../src/domain/venue/venue-night';
import type { Db } from '../../db/client';
import { tableOf } from '../../resources/tables';
import { scheduleOf } from '../venue';
import { planTables } from './plan-tables';
import { reservations } from './tables';

const r = reservations;
/** The reservation's table ids, in one string (the tables it holds, read with it). */
const tableIds = sql<string>`coalesce((select string_agg(rt.table_id, ',' order by rt.table_id) from reservation_tables rt where rt.reservation_id = ${r.id}), '')`;
const total = sql<number>`count(*) over ()`.mapWith(Number);

const reservationColumns = {
  id: r.id,
  venueId: r.venueId,
  guestName: r.guestName,
  partySize: r.partySize,
  startsAt: r.startsAt,
  endsAt: r.endsAt,
  status: r.status,
  tableIds,
  total,
};
interface ReservationRow {
  id: string;
  venueId: string;
  guestName: string;
  partySize: number;
  startsAt: Date;
  endsAt: Date;
  status: string;
  tableIds: string;
  total: number;
}

/**
 * Table ids → the names the floor plan gives them: one layout read per venue for the whole
 * answer (today's and the upcoming list share it).
 */
export function tableNames(db: Db) {
  const byVenue = new Map<string, Promise<Map<string, string>>>();
  return (venueId: string) => {
    let names = byVenue.get(venueId);
    if (!names) {
      names = planTables(db, venueId).then((tables) => new Map((tables ?? []).map((t) => [t.id, t.name])));
      byVenue.set(venueId, names);
    }
    return names;
  };
}
export type TableNames = ReturnType<typeof tableNames>;

async function withTableNames(rows: ReservationRow[], namesOf: TableNames): Promise<DashboardItem[]> {
  const names = new Map<string, Map<string, string>>();
  for (const venueId of new Set(rows.map((row) => row.venueId))) names.set(venueId, await namesOf(venueId));
  return rows.map((row) => ({
    id: row.id,
    kind: 'reservation',
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    title: row.guestName,
    // A table taken off the floor plan since the booking has no name left: left out, not shown by its id.
    detail: row.tableIds
      .split(',')
      .flatMap((id) => names.get(row.venueId)?.get(id) ?? [])
      .join(', '),
    partySize: row.partySize,
    status: row.status,
  }));
}

/** Each venue of the business with the span of the night it is on now. */
export interface VenueTonight {
  venueId: string;
  start: Date;
  end: Date;
}

export async function tonightByVenue(
  db: Db,
  businessId: string,
  timeZone: string,
  now: number,
): Promise<VenueTonight[]> {
  const v = tableOf('venues');
  const venues = await db.select({ id: v.id }).from(v).where(eq(v.businessId, businessId));
  return Promise.all(
    venues.map(async ({ id }) => {
      const venueId = String(id);
      const night = venueNightAt(now, await scheduleOf(db, { id: venueId, businessId, timeZone }, now));
      return { venueId, start: new Date(night.start), end: new Date(night.end) };
    }),
  );
}

/** Reservations of these venues starting in their spans (nothing when the business has no venue). */
const inSpans = (spans: readonly { venueId: string; from: Date; to: Date }[]): SQL =>
  or(...spans.map((s) => and(eq(r.venueId, s.venueId), gte(r.startsAt, s.from), lt(r.startsAt, s.to))))! ?? sql`false`;

/**
 * Tonight's reservations (not cancelled, starting in their venue's night): the count, and the
 * first few — those not over yet first, by start, then the finished ones.
 */
export async function tonightsReservations(
  db: Db,
  namesOf: TableNames,
  businessId: string,
  tonight: readonly VenueTonight[],
  now: Date,
): Promise<DashboardItemList> {
  const rows = await db
    .select(reservationColumns)
    .from(r)
    .where(
      and(
        eq(r.businessId, businessId),
        inSpans(tonight.map((n) => ({ venueId: n.venueId, from: n.start, to: n.end }))),
        ne(r.status, 'cancelled'),
      ),
    )
    .orderBy(sql`${r.endsAt} <= ${now.toISOString()}::timestamptz`, asc(r.startsAt))
    .limit(LIST_LIMIT);
  return { count: rows[0]?.total ?? 0, items: await withTableNames(rows, namesOf) };
}

/** Reservations still booked starting after tonight, before `to`: the count and the next few. */
export async function upcomingReservations(
  db: Db,
  namesOf: TableNames,
  businessId: string,
  tonight: readonly VenueTonight[],
  to: Date,
): Promise<DashboardItemList> {
  const rows = await db
    .select(reservationColumns)
    .from(r)
    .where(
      and(
        eq(r.businessId, businessId),
        inSpans(tonight.map((n) => ({ venueId: n.venueId, from: n.end, to }))),
        eq(r.status, 'booked'),
      ),
    )
    .orderBy(asc(r.startsAt))
    .limit(LIST_LIMIT);
  return { count: rows[0]?.total ?? 0, items: await withTableNames(rows, namesOf) };
}
