/**
 * Which tables are free when: a night's bookings per table with the gaps between them (the
 * day view and the form's table choice), the table to suggest for a party, and each table's
 * live state at an instant (the floor plan).
 */
import { addDays, openIntervals, zonedTimeToInstant } from '../../../src/domain/venue/opening-hours';
import { dayWindow, MIN_DURATION, tableStateOf, type TableState } from '../../../src/domain/reservations/reservation';
import { suggestTables, type Busy, type Suggestion } from '../../../src/domain/reservations/suggest-table';
import type { Db } from '../../db/client';
import { scheduleOf } from '../venue/schedule-service';
import type { VenueRow } from '../venue/venues';
import { planTables } from './plan-tables';
import { holdings, type Holding } from './queries';

export interface AvailabilityQuery {
  day: string;
  partySize?: number;
  startsAt?: string;
  durationMinutes?: number;
}

/** Gaps of at least the shortest stay between the bookings, within [start, end). */
function gaps(busy: readonly Busy[], start: number, end: number): Busy[] {
  const out: Busy[] = [];
  let cursor = start;
  for (const b of [...busy].sort((x, y) => x.start - y.start)) {
    if (b.start - cursor >= MIN_DURATION * 60_000) out.push({ start: cursor, end: Math.min(b.start, end) });
    cursor = Math.max(cursor, b.end);
  }
  if (end - cursor >= MIN_DURATION * 60_000) out.push({ start: cursor, end });
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function availability(db: Db, venue: VenueRow, q: AvailabilityQuery, now: number) {
  const asked =
    q.startsAt !== undefined
      ? { start: Date.parse(q.startsAt), end: Date.parse(q.startsAt) + (q.durationMinutes ?? 120) * 60_000 }
      : null;
  // The day's window is known only with its hours, but it always lies within the day and the
  // next (a night closes before the second midnight), so the bookings are read over that span
  // at the same time as the hours and the plan: one round trip instead of two.
  const outer = {
    start: zonedTimeToInstant(q.day, 0, venue.timeZone),
    end: zonedTimeToInstant(addDays(q.day, 2), 0, venue.timeZone),
  };
  const span = asked ? { start: Math.min(outer.start, asked.start), end: Math.max(outer.end, asked.end) } : outer;
  const [schedule, tables, held] = await Promise.all([
    scheduleOf(db, venue, now, addDays(q.day, -1)),
    planTables(db, venue.id),
    holdings(db, venue.id, null, span.start, span.end),
  ]);
  const { timeZone, hours, specialDates } = schedule;
  const night = openIntervals(hours, specialDates, timeZone, q.day, q.day)[0] ?? null;
  const window = dayWindow(q.day, hours, specialDates, timeZone);
  const busy = new Map<string, (Busy & Holding)[]>();
  for (const h of held) {
    const list = busy.get(h.tableId) ?? [];
    list.push({ ...h, start: h.startsAt.getTime(), end: h.endsAt.getTime() });
    busy.set(h.tableId, list);
  }

  let suggestion: Suggestion | null = null;
  if (asked && q.partySize !== undefined && tables) {
    const found = suggestTables(tables, busy, q.partySize, asked.start, asked.end);
    suggestion = { tableIds: found.tableIds, places: found.places, reason: found.reason };
  }
  const open = night ?? window;
  return {
    day: q.day,
    timeZone,
    night: night ? { start: iso(night.start), end: iso(night.end) } : null,
    window: { start: iso(window.start), end: iso(window.end) },
    hasFloorPlan: tables !== null,
    tables: (tables ?? []).map((t) => {
      const mine = (busy.get(t.id) ?? []).filter((b) => b.start < window.end && b.end > window.start);
      return {
        ...t,
        busy: mine.map((b) => ({
          reservationId: b.reservationId,
          guestName: b.guestName,
          partySize: b.partySize,
          status: b.status,
          startsAt: iso(b.start),
          endsAt: iso(b.end),
        })),
        free:
          night && t.isAvailable
            ? gaps(mine, open.start, open.end).map((g) => ({ start: iso(g.start), end: iso(g.end) }))
            : [],
      };
    }),
    suggestion,
  };
}

export interface TableStateRow {
  tableId: string;
  state: TableState;
  reservationId: string | null;
  guestName: string | null;
  partySize: number | null;
  startsAt: string | null;
  endsAt: string | null;
}

/** Every table of the floor plan with its state at `at`: free, or the reservation holding it. */
export async function tableStates(db: Db, venueId: string, at: number): Promise<TableStateRow[]> {
  const tables = await planTables(db, venueId);
  if (!tables?.length) return [];
  const held = new Map((await holdings(db, venueId, null, at, at + 1)).map((h) => [h.tableId, h]));
  return tables.map((t) => {
    const h = held.get(t.id);
    return {
      tableId: t.id,
      state: h ? tableStateOf(h.status) : 'free',
      reservationId: h?.reservationId ?? null,
      guestName: h?.guestName ?? null,
      partySize: h?.partySize ?? null,
      startsAt: h ? h.startsAt.toISOString() : null,
      endsAt: h ? h.endsAt.toISOString() : null,
    };
  });
}
