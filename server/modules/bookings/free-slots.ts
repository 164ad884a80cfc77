/**
 * Free slots: when a booking of a given length can start, for a range of the business's days —
 * its open intervals (availability) minus its confirmed bookings, on a 15-minute grid
 * (src/domain/bookings/rules.ts freeStarts). The booking form's "30 days of available slots".
 *
 * Why a memory: computing a month reads the business, its slots, exceptions and the month's
 * bookings and walks them (a few ms; more with thousands of bookings), and every visitor of a
 * business asks for the same months. The answer is remembered per (business, days, duration)
 * in a ChangeCache (server/db/change-cache.ts has the rules that keep it honest): migration
 * 0031's triggers NOTIFY 'free_slots_changed' with the business id on every change to its
 * bookings, availability slots and exceptions (and with none when a business's time zone
 * changes), and that business is forgotten. A hit reads nothing from the database; only the
 * starts already past are dropped. Writes never read from here: a booking is checked against
 * the database under the business's lock (booking-service.ts).
 * FREE_SLOTS_CACHE=false turns it off (the benchmark measures both).
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { freeStarts } from '../../../src/domain/bookings/rules';
import { openIntervals } from '../../../src/domain/availability/open-intervals';
import { ChangeCache } from '../../db/change-cache';
import { keepCacheHonest } from '../../db/change-listener';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { exceptionsBetween, listSlots } from '../availability';
import { bookings } from './tables';

export const FREE_SLOTS_CHANGED_CHANNEL = 'free_slots_changed';

/** The tables migration 0031's triggers watch. */
const WATCHED_TABLES = ['bookings', 'availability_slots', 'availability_exceptions', 'businesses'];

interface Entry {
  timeZone: string;
  /** Epoch ms of each bookable start, ascending. */
  starts: number[];
  /** The starts as the wire writes them, computed once. */
  iso: string[];
}

/** Per database (tests open many), once `keepFreeSlotsHonest` listens for its changes. */
const memories = new WeakMap<object, ChangeCache<Entry>>();

/** Listens for the database's changes until the app closes; until then nothing is remembered. */
export async function keepFreeSlotsHonest(app: FastifyInstance) {
  if (process.env.FREE_SLOTS_CACHE === 'false') return;
  const cache = new ChangeCache<Entry>(app.ctx.now, { enabled: false });
  memories.set(app.ctx.database.db, cache);
  await keepCacheHonest(app, cache, {
    channel: FREE_SLOTS_CHANGED_CHANNEL,
    tables: WATCHED_TABLES,
    name: 'free-slots cache',
    groupField: 'businessId',
  });
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

async function compute(db: Db, businessId: string, from: string, to: string, durationMs: number): Promise<Entry> {
  const [[business], slots, exceptions] = await Promise.all([
    db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId)),
    listSlots(db, businessId),
    exceptionsBetween(db, businessId, from, to),
  ]);
  if (!business) throw notFound();
  const { timeZone } = business;
  const open = openIntervals(timeZone, slots, exceptions, from, to);
  if (!open.length) return { timeZone, starts: [], iso: [] };
  const busy = (await busyBetween(db, businessId, open[0]!.start, open[open.length - 1]!.end)).map((b) => ({
    start: b.start.getTime(),
    end: b.end.getTime(),
  }));
  const starts = freeStarts(open, busy, durationMs, -Infinity);
  return { timeZone, starts, iso: starts.map((s) => new Date(s).toISOString()) };
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
  const read = () => compute(db, businessId, q.from, q.to, q.durationMinutes * 60_000);
  const memory = memories.get(db);
  const entry = await (memory
    ? memory.through(`${businessId}|${q.from}|${q.to}|${q.durationMinutes}`, businessId, read)
    : read());
  const first = firstNotBefore(entry.starts, now);
  return { timeZone: entry.timeZone, starts: first ? entry.iso.slice(first) : entry.iso };
}
