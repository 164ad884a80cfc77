/**
 * The only writer of bookings. Double booking is impossible because every write (create,
 * reschedule, cancel) runs in one transaction that first locks the business's row
 * (SELECT … FOR UPDATE on businesses, the same lock availability writes take), then checks the
 * time against the open intervals and the other confirmed bookings, then writes: a second
 * request for the same time waits on the lock and, once it gets it, sees the first one's booking.
 *
 * Reading: a business serves one booking at a time (one crew, one desk), so any overlap of two
 * confirmed bookings is a double booking, whatever their products.
 *
 * `createBooking` takes the database or a caller's transaction (an accepted quote books inside
 * its own): with a transaction the lock is held until the caller commits. Mail and the live hub
 * are the caller's, after the commit (announce.ts), so nothing is sent for a rolled-back booking.
 */
import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import {
  bookingRuleErrors,
  type BookingInput,
  type BookingStatus,
  type RescheduleInput,
} from '../../../src/domain/bookings/rules';
import { addDays, zonedDay } from '../../../src/domain/venue/opening-hours';
import { openIntervals } from '../../../src/domain/availability/open-intervals';
import { MESSAGES } from '../../../src/domain/messages';
import { isUuid } from '../../../src/domain/uuid';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { tableOf } from '../../resources/tables';
import { exceptionsBetween, listSlots, lockBusiness } from '../availability';
import { bookings } from './tables';

/** A transaction handed in by a caller (quotes), or one this module opens. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbLike = Db | Tx;

/**
 * A booking lies inside one open interval, which lies inside one of the business's days, so it
 * is shorter than 2 days: an overlapping booking starts less than 2 days before this one ends.
 * The bound lets the overlap query read a short stretch of the (business, starts_at) index.
 */
const LONGEST_MS = 2 * 86_400_000;

export interface Booking {
  id: string;
  businessId: string;
  productId: string | null;
  productName: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  startsAt: Date;
  endsAt: Date;
  status: BookingStatus;
  notes: string;
  sequence: number;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const products = () => tableOf('products');

/** The columns a booking is read with: its own and its product's name. */
function bookingColumns() {
  const p = products();
  return {
    id: bookings.id,
    businessId: bookings.businessId,
    productId: bookings.productId,
    productName: sql<string | null>`(select ${p.name} from ${p} where ${p.id} = ${bookings.productId})`,
    customerName: bookings.customerName,
    customerEmail: bookings.customerEmail,
    customerPhone: bookings.customerPhone,
    startsAt: bookings.startsAt,
    endsAt: bookings.endsAt,
    status: bookings.status,
    notes: bookings.notes,
    sequence: bookings.sequence,
    createdBy: bookings.createdBy,
    createdAt: bookings.createdAt,
    updatedAt: bookings.updatedAt,
  };
}

/** One booking of the business (404 for another business's, a cancelled one included). */
export async function getBooking(db: DbLike, businessId: string, id: string): Promise<Booking> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select(bookingColumns())
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.businessId, businessId)));
  if (!row) throw notFound();
  return row;
}

/** The business's bookings (both statuses) that share time with from…to, by start. */
export async function listBookings(db: Db, businessId: string, from: number, to: number): Promise<Booking[]> {
  return db
    .select(bookingColumns())
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        gt(bookings.startsAt, new Date(from - LONGEST_MS)),
        lt(bookings.startsAt, new Date(to)),
        gt(bookings.endsAt, new Date(from)),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

/** The business's time zone, read with whatever the caller holds. */
async function timeZoneIn(db: DbLike, businessId: string) {
  const [row] = await db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row) throw notFound();
  return row.timeZone;
}

/** The open intervals of the business's days around start…end (a day either side: any zone's offset). */
async function openAround(db: DbLike, businessId: string, start: number, end: number) {
  const timeZone = await timeZoneIn(db, businessId);
  const from = addDays(zonedDay(start, timeZone), -1);
  const to = addDays(zonedDay(end, timeZone), 1);
  const [slots, exceptions] = [await listSlots(db, businessId), await exceptionsBetween(db, businessId, from, to)];
  return openIntervals(timeZone, slots, exceptions, from, to);
}

/**
 * Under the business lock: the time is bookable (400 naming the field otherwise) and no other
 * confirmed booking shares it (409). `except`: the booking being rescheduled. Also run without
 * the lock, as a look-ahead (a quote's move checked before it is sent): the same rule, the same
 * messages, nothing written.
 */
export async function checkTime(
  tx: DbLike,
  businessId: string,
  times: { startsAt: string; endsAt: string },
  now: number,
  except?: string,
) {
  const start = Date.parse(times.startsAt);
  const end = Date.parse(times.endsAt);
  const open = await openAround(tx, businessId, start, end);
  const errors = bookingRuleErrors(times, { now, open });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
  const [taken] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        eq(bookings.status, 'confirmed'),
        gt(bookings.startsAt, new Date(start - LONGEST_MS)),
        lt(bookings.startsAt, new Date(end)),
        gt(bookings.endsAt, new Date(start)),
        except ? ne(bookings.id, except) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(MESSAGES.bookingTaken, { startsAt: MESSAGES.bookingTaken });
}

/** The product must be the business's and active: unknown → 400, another business's → 404. */
async function checkProduct(tx: DbLike, businessId: string, productId: string) {
  const p = products();
  const [row] = await tx.select({ businessId: p.businessId, active: p.active }).from(p).where(eq(p.id, productId));
  if (!row) throw badRequest(MESSAGES.bookingProductUnknown, { productId: MESSAGES.bookingProductUnknown });
  if (row.businessId !== businessId) throw notFound();
  if (!row.active) throw badRequest(MESSAGES.bookingProductInactive, { productId: MESSAGES.bookingProductInactive });
}

export interface WriteContext {
  now: number;
  /** Who books (null for a customer's own action, e.g. accepting a quote from its link). */
  userId: string | null;
}

/**
 * Books `input` for the business. Runs in a transaction of its own, or as a savepoint inside the
 * caller's (`db` a transaction): the business lock is then held until the caller commits.
 */
export async function createBooking(
  db: DbLike,
  businessId: string,
  input: BookingInput,
  ctx: WriteContext,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    if (input.productId) await checkProduct(tx, businessId, input.productId);
    await checkTime(tx, businessId, input, ctx.now);
    const [row] = await tx
      .insert(bookings)
      .values({
        businessId,
        productId: input.productId ?? null,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        notes: input.notes,
        createdBy: ctx.userId,
        createdAt: new Date(ctx.now),
        updatedAt: new Date(ctx.now),
      })
      .returning({ id: bookings.id });
    return getBooking(tx, businessId, row!.id);
  });
}

/** A confirmed booking of the business, read under the lock (409 once cancelled). */
async function confirmedBooking(tx: DbLike, businessId: string, id: string) {
  const booking = await getBooking(tx, businessId, id);
  if (booking.status !== 'confirmed') throw conflict(MESSAGES.bookingCancelled);
  return booking;
}

/** Moves a booking to a new time: the same checks as a new booking, itself excluded. */
export async function rescheduleBooking(
  db: DbLike,
  businessId: string,
  id: string,
  input: RescheduleInput,
  ctx: WriteContext,
): Promise<Booking> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    await confirmedBooking(tx, businessId, id);
    await checkTime(tx, businessId, input, ctx.now, id);
    await tx
      .update(bookings)
      .set({
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        sequence: sql`${bookings.sequence} + 1`,
        updatedAt: new Date(ctx.now),
      })
      .where(and(eq(bookings.id, id), eq(bookings.businessId, businessId)));
    return getBooking(tx, businessId, id);
  });
}

/** Cancels a booking: its time is free again; the row stays (the calendar shows it struck through). */
export async function cancelBooking(db: DbLike, businessId: string, id: string, ctx: WriteContext): Promise<Booking> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    await confirmedBooking(tx, businessId, id);
    await tx
      .update(bookings)
      .set({ status: 'cancelled', sequence: sql`${bookings.sequence} + 1`, updatedAt: new Date(ctx.now) })
      .where(and(eq(bookings.id, id), eq(bookings.businessId, businessId)));
    return getBooking(tx, businessId, id);
  });
}
