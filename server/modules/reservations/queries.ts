/**
 * Reads of reservations: the paged list, one reservation, what holds each table over a span
 * (availability, the day view, the floor plan's live states), and future bookings per table.
 *
 * A stay lasts at most MAX_DURATION, so "overlaps [start, end)" is also "starts within
 * [start − MAX_DURATION, end)": the span queries say both, so PostgreSQL walks the
 * (venue, table, starts_at) index over a bounded range instead of every past reservation.
 */
import { and, asc, count, eq, gt, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { HOLDING_STATUSES, MAX_DURATION, type ReservationStatus } from '../../../src/domain/reservations/reservation';
import type { Db, DbOrTx } from '../../db/client';
import { folded, foldedLike } from '../../db/folded-like';
import { reservations, reservationTables } from '../../db/schema';

export type { DbOrTx };

export const reservationColumns = {
  id: reservations.id,
  venueId: reservations.venueId,
  guestName: reservations.guestName,
  guestPhone: reservations.guestPhone,
  guestEmail: reservations.guestEmail,
  partySize: reservations.partySize,
  startsAt: reservations.startsAt,
  endsAt: reservations.endsAt,
  notes: reservations.notes,
  status: reservations.status,
  code: reservations.code,
  createdAt: reservations.createdAt,
  updatedAt: reservations.updatedAt,
};

export type ReservationRow = Omit<
  { [K in keyof typeof reservationColumns]: (typeof reservationColumns)[K]['_']['data'] },
  'status'
> & { status: ReservationStatus };

export interface ReservationWithTables extends ReservationRow {
  tableIds: string[];
  durationMinutes: number;
}

/** Adds each reservation's tables (one query for the page). */
export async function withTables(db: DbOrTx, rows: ReservationRow[]): Promise<ReservationWithTables[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ reservationId: reservationTables.reservationId, tableId: reservationTables.tableId })
    .from(reservationTables)
    .where(
      inArray(
        reservationTables.reservationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(reservationTables.tableId));
  const byReservation = new Map<string, string[]>();
  for (const l of links) byReservation.set(l.reservationId, [...(byReservation.get(l.reservationId) ?? []), l.tableId]);
  return rows.map((r) => ({
    ...r,
    tableIds: byReservation.get(r.id) ?? [],
    durationMinutes: Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000),
  }));
}

export interface ListFilters {
  /** Starts within [from, to). */
  from?: number;
  to?: number;
  status?: ReservationStatus;
  query?: string;
}

/**
 * The list's order: by start, then at the same start by the reservation's first table in the
 * order a person reads table names (`tableOrder`: the venue's table ids, "Table 2" before
 * "Table 10"), then by guest (case and accents ignored), and last by id, so a page never
 * shares a row with the next one. The names live in the layout document, not in a table, so
 * the ids come in ranked and each reservation takes its best-ranked table's rank; a table no
 * longer in the layout ranks after every other.
 */
function listOrder(tableOrder: readonly string[]): SQL[] {
  const ranks = JSON.stringify(Object.fromEntries(tableOrder.map((id, rank) => [id, rank])));
  const firstTable = sql`(select min((${ranks}::jsonb ->> ${reservationTables.tableId})::int) from ${reservationTables} where ${reservationTables.reservationId} = ${reservations.id})`;
  return [
    asc(reservations.startsAt),
    sql`${firstTable} asc nulls last`,
    asc(folded(reservations.guestName)),
    asc(reservations.id),
  ];
}

/**
 * The list's search: the guest's name or email (accents and case ignored: 'jose' finds José), phone
 * or the pass code. Each condition has its trigram index (tables.ts), so a search is a bitmap scan
 * of the matches rather than a read of every reservation of the venue.
 */
export function reservationSearch(query: string): SQL {
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // A phone typed as the list shows it ('(202) 555-0143', '555-0143'): its digits against the
  // stored number (+12025550143). Only a query of nothing but a phone's characters is one.
  const digits = /^[\d\s()+.-]+$/.test(query) ? query.replace(/\D/g, '') : '';
  return or(
    foldedLike(reservations.guestName, like),
    ilike(reservations.guestPhone, like),
    digits.length >= 3 ? ilike(reservations.guestPhone, `%${digits}%`) : undefined,
    foldedLike(reservations.guestEmail, like),
    ilike(reservations.code, like.replace(/-/g, '')),
  )!;
}

export async function listReservations(
  db: Db,
  venueId: string,
  filters: ListFilters,
  /** The venue's table ids in the order of their names (tableIdsByName). */
  tableOrder: readonly string[],
  page: number,
  perPage: number,
): Promise<{ rows: ReservationWithTables[]; total: number }> {
  const where: SQL[] = [eq(reservations.venueId, venueId)];
  if (filters.from !== undefined) where.push(gte(reservations.startsAt, new Date(filters.from)));
  if (filters.to !== undefined) where.push(lt(reservations.startsAt, new Date(filters.to)));
  if (filters.status) where.push(eq(reservations.status, filters.status));
  if (filters.query) where.push(reservationSearch(filters.query));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(reservationColumns)
      .from(reservations)
      .where(condition)
      .orderBy(...listOrder(tableOrder))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(reservations).where(condition),
  ]);
  return { rows: await withTables(db, rows as ReservationRow[]), total: total?.n ?? 0 };
}

export async function reservationOf(db: DbOrTx, venueId: string, id: string): Promise<ReservationWithTables | null> {
  const [row] = await db
    .select(reservationColumns)
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(reservations.venueId, venueId)));
  if (!row) return null;
  const [full] = await withTables(db, [row as ReservationRow]);
  return full!;
}

export interface Holding {
  tableId: string;
  reservationId: string;
  guestName: string;
  partySize: number;
  status: ReservationStatus;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The holding reservations on these tables (all of the venue's when `tableIds` is null) that
 * overlap [start, end), optionally leaving one reservation out (the one being edited).
 */
export async function holdings(
  db: DbOrTx,
  venueId: string,
  tableIds: readonly string[] | null,
  start: number,
  end: number,
  except?: string,
): Promise<Holding[]> {
  const where: SQL[] = [
    eq(reservationTables.venueId, venueId),
    gte(reservationTables.startsAt, new Date(start - MAX_DURATION * 60_000)),
    lt(reservationTables.startsAt, new Date(end)),
    gt(reservationTables.endsAt, new Date(start)),
    inArray(reservations.status, [...HOLDING_STATUSES]),
  ];
  if (tableIds) where.push(inArray(reservationTables.tableId, [...tableIds]));
  if (except) where.push(ne(reservationTables.reservationId, except));
  const rows = await db
    .select({
      tableId: reservationTables.tableId,
      reservationId: reservationTables.reservationId,
      guestName: reservations.guestName,
      partySize: reservations.partySize,
      status: reservations.status,
      startsAt: reservationTables.startsAt,
      endsAt: reservationTables.endsAt,
    })
    .from(reservationTables)
    .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
    .where(and(...where))
    .orderBy(asc(reservationTables.startsAt));
  return rows as Holding[];
}

/** Per table, how many holding reservations have not ended yet (the seating editor warns with it). */
export async function upcomingByTable(
  db: Db,
  venueId: string,
  now: number,
): Promise<{ tableId: string; count: number }[]> {
  const rows = await db
    .select({ tableId: reservationTables.tableId, count: sql<number>`count(*)::int` })
    .from(reservationTables)
    .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
    .where(
      and(
        eq(reservationTables.venueId, venueId),
        gt(reservationTables.endsAt, new Date(now)),
        inArray(reservations.status, [...HOLDING_STATUSES]),
      ),
    )
    .groupBy(reservationTables.tableId)
    .orderBy(asc(reservationTables.tableId));
  return rows.map((r) => ({ tableId: r.tableId, count: Number(r.count) }));
}
