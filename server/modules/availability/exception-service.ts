/**
 * A business's exceptions: dates (one day or a range) that close the business or replace the
 * weekly hours. The only writer of availability_exceptions. Two exceptions never share a day
 * (checked under the business lock, like slots), so which one rules a day is never a guess.
 */
import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import {
  exceptionPastError,
  overlappingException,
  type AvailabilityException,
  type ExceptionInput,
} from '../../../src/domain/availability/rules';
import type { CoveredChoice } from '../../../src/domain/closures';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { isUuid } from '../../../src/domain/uuid';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { zonedDay } from '../../../src/domain/venue/opening-hours';
import { timeZoneOf } from '../venue';
import { coveredBy, type BookedTime } from './closures';
import { toException, toMinutes } from './convert';
import { lockBusiness } from './slot-service';
import { availabilityExceptions as t } from './tables';

/** A page of exceptions by start date; `total` counts them all. */
export async function listExceptions(db: Db, businessId: string, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(eq(t.businessId, businessId))
      .orderBy(asc(t.startDate), asc(t.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(t).where(eq(t.businessId, businessId)),
  ]);
  return { rows: rows.map(toException), total: total?.n ?? 0 };
}

/** The exceptions sharing a day with from…to. */
export async function exceptionsBetween(db: DbOrTx, businessId: string, from: string, to: string) {
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.businessId, businessId), lte(t.startDate, to), gte(t.endDate, from)))
    .orderBy(asc(t.startDate));
  return rows.map(toException);
}

/** The parsed input as stored: one day when no end is given; no hours when closed. */
export function normalizeException(input: ExceptionInput & { startDate: string }) {
  return {
    startDate: input.startDate,
    endDate: input.endDate ?? input.startDate,
    closed: input.closed,
    hours: input.closed ? [] : (input.hours ?? []).map(toMinutes),
    note: input.note ?? '',
  };
}

/** The bookings an exception would cover (the dry run: nothing is written). */
export async function previewException(
  db: Db,
  businessId: string,
  input: ReturnType<typeof normalizeException>,
  now: number,
): Promise<BookedTime[]> {
  const timeZone = await timeZoneOf(db, businessId);
  refusePast(input, timeZone, now);
  return coveredBy(db, businessId, timeZone, input, now);
}

/** An exception starting before the business's today is refused (src/domain/availability/rules.ts). */
function refusePast(input: { startDate: string }, timeZone: string, now: number) {
  const past = exceptionPastError(input.startDate, zonedDay(now, timeZone));
  if (past) throw badRequest(past.startDate, past);
}

/**
 * Adds the exception; under the business lock (the one bookings take too) it first reads the
 * bookings it would cover, and refuses with 409 when there are some and the caller has not said
 * what to do with them (src/domain/closures.ts). Answers them with the exception, for the mail.
 */
export async function createException(
  db: Db,
  businessId: string,
  input: ReturnType<typeof normalizeException>,
  choice: { affected?: CoveredChoice; now: number },
): Promise<{ exception: AvailabilityException; covered: BookedTime[] }> {
  const timeZone = await timeZoneOf(db, businessId);
  refusePast(input, timeZone, choice.now);
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    const sharing = await exceptionsBetween(tx, businessId, input.startDate, input.endDate);
    if (overlappingException(input, sharing))
      throw badRequest(MESSAGES.exceptionOverlaps, { startDate: MESSAGES.exceptionOverlaps });
    const covered = await coveredBy(tx, businessId, timeZone, input, choice.now);
    if (covered.length && !choice.affected) {
      const message = formatMessage('closureCoversBookings', { count: covered.length });
      throw conflict(message, { affected: message });
    }
    const [row] = await tx
      .insert(t)
      .values({ businessId, ...input })
      .returning();
    return { exception: toException(row!), covered };
  });
}

export async function deleteException(db: Db, businessId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const gone = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.businessId, businessId)))
    .returning({ id: t.id });
  if (!gone.length) throw notFound();
}
