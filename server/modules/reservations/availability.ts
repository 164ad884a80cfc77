/**
 * Which tables are free when: a night's bookings per table with the gaps between them (the
 * day view and the form's table choice), the table to suggest for a party, and each table's
 * live state at an instant (the floor plan).
 */
import { MESSAGES } from '../../../src/domain/messages';
import { addDays, zonedDay, zonedTimeToInstant } from '../../../src/domain/venue/opening-hours';
import { venueNight } from '../../../src/domain/venue/venue-night';
import {
  MIN_DURATION,
  stayHoursError,
  tableStateOf,
  type PlanTable,
  type TableState,
} from '../../../src/domain/reservations/reservation';
import { suggestTables, type Busy, type Suggestion } from '../../../src/domain/reservations/suggest-table';
import type { Db } from '../../db/client';
import { scheduleOf, type Schedule, type VenueRow } from '../venue';
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

/** Each holding booking by table, with its times in ms (the suggestion's input). */
function busyByTable(held: readonly Holding[]): Map<string, (Busy & Holding)[]> {
  const busy = new Map<string, (Busy & Holding)[]>();
  for (const h of held) {
    const list = busy.get(h.tableId) ?? [];
    list.push({ ...h, start: h.startsAt.getTime(), end: h.endsAt.getTime() });
    busy.set(h.tableId, list);
  }
  return busy;
}

/**
 * A night, worked out once from its reads (night-cache.ts remembers it per venue and day):
 * everything of the answer but the suggestion, which depends on the party and the time asked.
 */
export interface Night {
  timeZone: string;
  schedule: Schedule;
  tables: PlanTable[] | null;
  /** Holding bookings over `span` by table. */
  busy: Map<string, (Busy & Holding)[]>;
  span: { start: number; end: number };
  answer: ReturnType<typeof nightAnswer>;
}

function nightAnswer(day: string, schedule: Schedule, tables: PlanTable[] | null, busy: Night['busy']) {
  const { timeZone } = schedule;
  // The venue's night (venue-night.ts): the span every screen lists under this day, and its hours.
  const { open: night, ...window } = venueNight(day, schedule);
  const open = night ?? window;
  return {
    day,
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
  };
}

/**
 * Reads a night: the hours, the plan and the bookings, at once. The day's window is known only
 * with its hours, but it always lies within the day and the next (a night closes before the
 * second midnight), so the bookings are read over that span: one round trip instead of two.
 */
export async function readNight(db: Db, venue: VenueRow, day: string, now: number): Promise<Night> {
  const span = {
    start: zonedTimeToInstant(day, 0, venue.timeZone),
    end: zonedTimeToInstant(addDays(day, 2), 0, venue.timeZone),
  };
  const [schedule, tables, held] = await Promise.all([
    scheduleOf(db, venue, now, addDays(day, -1)),
    planTables(db, venue.id),
    holdings(db, venue.id, null, span.start, span.end),
  ]);
  const busy = busyByTable(held);
  return {
    timeZone: schedule.timeZone,
    schedule,
    tables,
    busy,
    span,
    answer: nightAnswer(day, schedule, tables, busy),
  };
}

/**
 * A night's bookings and free spans per table; with a party and a time, the table to suggest —
 * none for a time already past or when the venue is not open for the stay, saying which (the
 * same messages a booking at that time is refused with).
 */
export async function availability(db: Db, venue: VenueRow, night: Night, q: AvailabilityQuery, now: number) {
  let suggestion: Suggestion | null = null;
  if (q.startsAt !== undefined && q.partySize !== undefined && night.tables) {
    const start = Date.parse(q.startsAt);
    const end = start + (q.durationMinutes ?? 120) * 60_000;
    const closed = start < now ? MESSAGES.reservationInPast : stayHoursError(start, end, night.schedule);
    if (closed) return { ...night.answer, suggestion: { tableIds: [], places: 0, reason: closed } };
    // A time asked outside the night's span (a stay the day before, say) needs its own read.
    const busy =
      start < night.span.start || end > night.span.end
        ? busyByTable(
            await holdings(db, venue.id, null, Math.min(night.span.start, start), Math.max(night.span.end, end)),
          )
        : night.busy;
    const found = suggestTables(night.tables, busy, q.partySize, start, end);
    suggestion = { tableIds: found.tableIds, places: found.places, reason: found.reason };
  }
  return { ...night.answer, suggestion };
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

/**
 * The day whose night's span (that day and the next) holds every stay overlapping `at`: the
 * day before `at`'s, as a stay lasts at most MAX_DURATION (under a day), so one that overlaps
 * `at` started after the previous midnight but one.
 */
export const stateDayOf = (at: number, timeZone: string) => addDays(zonedDay(at, timeZone), -1);

/**
 * Every table of the floor plan with its state at `at`: free, or the reservation holding it.
 * `night` is the one of `stateDayOf(at)` (night-cache.ts remembers it).
 */
export function tableStates(night: Night, at: number): TableStateRow[] {
  return (night.tables ?? []).map((t) => {
    const h = night.busy.get(t.id)?.findLast((b) => b.start <= at && at < b.end);
    return {
      tableId: t.id,
      state: h ? tableStateOf(h.status) : 'free',
      reservationId: h?.reservationId ?? null,
      guestName: h?.guestName ?? null,
      partySize: h?.partySize ?? null,
      startsAt: h ? iso(h.start) : null,
      endsAt: h ? iso(h.end) : null,
    };
  });
}
