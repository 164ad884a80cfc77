/**
 * Free slots: when a booking of a given length can start, for a range of the business's days —
 * its open intervals (availability) minus its confirmed bookings, on a 15-minute grid
 * (src/domain/bookings/rules.ts freeStarts). The booking form's "30 days of available slots".
 *
 * Why a cache: computing a month reads the slots, exceptions and the month's bookings and walks
 * them (a few ms; more with thousands of bookings), and every visitor of a business asks for the
 * same months. The answer is remembered per (business, days, duration) with a fingerprint read in
 * ONE small query on every request: the business's booking_versions row (bumped in the same
 * transaction as every booking write), its time zone, and the count and latest change of its
 * availability slots and exceptions (their writes replace updated_at / created_at or the count).
 * While the fingerprint reads the same, nothing the answer depends on has committed since, so a
 * hit is that one query plus dropping the starts already past. Every process keeps its own
 * memory and reads the same rows, so several processes stay right.
 * FREE_SLOTS_CACHE=false turns it off (the benchmark measures both).
 */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { freeStarts } from '../../../src/domain/bookings/rules';
import { openIntervals } from '../../../src/domain/availability/open-intervals';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { exceptionsBetween } from '../availability/exception-service';
import { listSlots } from '../availability/slot-service';
import { availabilityExceptions, availabilitySlots } from '../availability/tables';
import { bookings, bookingVersions } from './tables';

const enabled = process.env.FREE_SLOTS_CACHE !== 'false';
const MAX_ENTRIES = 500;

export interface FreeSlots {
  timeZone: string;
  /** Epoch ms of each bookable start, ascending. */
  starts: number[];
}

interface Entry extends FreeSlots {
  fingerprint: string;
  /** The starts as the wire writes them, computed once. */
  iso: string[];
}

/** Per database (tests open many): key → the answer and the fingerprint it was computed at. */
const memories = new WeakMap<object, Map<string, Entry>>();

/**
 * One statement: everything whose change would change a free-slot answer, as one text. The
 * subqueries name the business by parameter: a column reference would be read unqualified there.
 */
async function fingerprintOf(db: Db, businessId: string): Promise<{ timeZone: string; fingerprint: string } | null> {
  const s = availabilitySlots;
  const e = availabilityExceptions;
  const [row] = await db
    .select({
      timeZone: businesses.timeZone,
      fingerprint: sql<string>`concat_ws('|',
        (select ${bookingVersions.version} from ${bookingVersions} where ${bookingVersions.businessId} = ${businessId}),
        (select count(*) || ':' || coalesce(max(${s.updatedAt})::text, '') from ${s} where ${s.businessId} = ${businessId}),
        (select count(*) || ':' || coalesce(max(${e.createdAt})::text, '') from ${e} where ${e.businessId} = ${businessId}))`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ? { timeZone: row.timeZone, fingerprint: `${row.timeZone}|${row.fingerprint}` } : null;
}

/** The confirmed bookings sharing time with start…end, by start (the (business, starts_at) index). */
async function busyBetween(db: Db, businessId: string, start: number, end: number) {
  return db
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        eq(bookings.status, 'confirmed'),
        // A booking lies within one business day: one that overlaps starts less than 2 days before.
        gt(bookings.startsAt, new Date(start - 2 * 86_400_000)),
        lt(bookings.startsAt, new Date(end)),
        gt(bookings.endsAt, new Date(start)),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

async function compute(db: Db, businessId: string, timeZone: string, from: string, to: string, durationMs: number) {
  const [slots, exceptions] = await Promise.all([
    listSlots(db, businessId),
    exceptionsBetween(db, businessId, from, to),
  ]);
  const open = openIntervals(timeZone, slots, exceptions, from, to);
  if (!open.length) return [];
  const busy = (await busyBetween(db, businessId, open[0]!.start, open[open.length - 1]!.end)).map((b) => ({
    start: b.start.getTime(),
    end: b.end.getTime(),
  }));
  return freeStarts(open, busy, durationMs, -Infinity);
}

/** First index whose start is at or after `now` (starts are ascending). */
function firstNotBefore(starts: readonly number[], now: number) {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < now) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Bookable starts of a `durationMinutes` booking on the business's days from…to, from `now` on. */
export async function freeSlotsOf(
  db: Db,
  businessId: string,
  q: { from: string; to: string; durationMinutes: number },
  now: number,
): Promise<{ timeZone: string; starts: string[] }> {
  const durationMs = q.durationMinutes * 60_000;
  const print = await fingerprintOf(db, businessId);
  if (!print) throw notFound();
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new Map()));
  const key = `${businessId}|${q.from}|${q.to}|${q.durationMinutes}`;
  let entry = enabled ? memory.get(key) : undefined;
  if (entry?.fingerprint === print.fingerprint) {
    // Least recently used goes first: a hit moves its key to the end.
    memory.delete(key);
    memory.set(key, entry);
  } else {
    const starts = await compute(db, businessId, print.timeZone, q.from, q.to, durationMs);
    entry = {
      timeZone: print.timeZone,
      starts,
      iso: starts.map((s) => new Date(s).toISOString()),
      fingerprint: print.fingerprint,
    };
    if (enabled) {
      memory.delete(key);
      if (memory.size >= MAX_ENTRIES) memory.delete(memory.keys().next().value!);
      memory.set(key, entry);
    }
  }
  const first = firstNotBefore(entry.starts, now);
  return { timeZone: entry.timeZone, starts: first ? entry.iso.slice(first) : entry.iso };
}
