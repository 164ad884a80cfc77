/**
 * A venue's opening hours (this service owns venue_hours and venue_special_dates) and the
 * business's time zone (read; business/businesses.ts writes it). The weekly hours are replaced as a whole, in one transaction, so a
 * failed save leaves the previous week intact.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { addDays, zonedDay, type SpecialDate, type WeeklyHours } from '../../../src/domain/venue/opening-hours';
import { specialDatePastError, type ScheduleInput, type SpecialDateInput } from '../../../src/domain/venue/schedule';
import type { Db, DbOrTx } from '../../db/client';
import { venueHours, venueSpecialDates } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { coveredBySpecial, type HeldTime } from './closures';
import { timeZoneOf, type VenueRow } from './venues';

export interface Schedule {
  timeZone: string;
  hours: WeeklyHours[];
  specialDates: (SpecialDate & { id: string; note: string })[];
}

const specialColumns = {
  id: venueSpecialDates.id,
  date: venueSpecialDates.date,
  closed: venueSpecialDates.closed,
  opensAt: venueSpecialDates.opensAt,
  closesAt: venueSpecialDates.closesAt,
  note: venueSpecialDates.note,
};

/**
 * The weekly hours and the special dates from `fromDay` on (default: from yesterday in the
 * business's zone, so a night still running is included).
 */
export async function scheduleOf(
  db: DbOrTx,
  venue: { id: string; businessId: string; timeZone?: string },
  now: number,
  fromDay?: string,
): Promise<Schedule> {
  const timeZone = venue.timeZone ?? (await timeZoneOf(db, venue.businessId));
  const venueId = venue.id;
  const since = fromDay ?? addDays(zonedDay(now, timeZone), -1);
  const [hours, specialDates] = await Promise.all([
    db
      .select({ weekday: venueHours.weekday, opensAt: venueHours.opensAt, closesAt: venueHours.closesAt })
      .from(venueHours)
      .where(eq(venueHours.venueId, venueId))
      .orderBy(asc(venueHours.weekday)),
    db
      .select(specialColumns)
      .from(venueSpecialDates)
      .where(and(eq(venueSpecialDates.venueId, venueId), gte(venueSpecialDates.date, since)))
      .orderBy(asc(venueSpecialDates.date)),
  ]);
  return { timeZone, hours, specialDates };
}

export async function replaceWeeklyHours(db: Db, venueId: string, input: ScheduleInput, now: number) {
  await db.transaction(async (tx) => {
    await tx.delete(venueHours).where(eq(venueHours.venueId, venueId));
    if (input.hours.length)
      await tx.insert(venueHours).values(input.hours.map((h) => ({ ...h, venueId, updatedAt: new Date(now) })));
  });
}

const specialOf = (input: SpecialDateInput) => ({
  date: input.date,
  closed: input.closed,
  opensAt: input.closed ? null : input.opensAt,
  closesAt: input.closed ? null : input.closesAt,
  note: input.note,
});

/**
 * The checks a special date passes before anything else: a night still to come (the form says
 * the same, src/domain/venue/schedule.ts), and a date without special hours yet.
 */
async function refuseSpecialDate(db: DbOrTx, venue: VenueRow, input: SpecialDateInput, now: number) {
  const past = specialDatePastError(input.date, zonedDay(now, venue.timeZone));
  if (past) throw badRequest(past.date, past);
  const [taken] = await db
    .select({ id: venueSpecialDates.id })
    .from(venueSpecialDates)
    .where(and(eq(venueSpecialDates.venueId, venue.id), eq(venueSpecialDates.date, input.date)));
  if (taken) throw conflict(MESSAGES.specialDateTaken, { date: MESSAGES.specialDateTaken });
}

/** The reservations this special date would cover, from the hours around it (the night before runs into it). */
async function coveredReservations(db: DbOrTx, venue: VenueRow, input: SpecialDateInput, now: number) {
  const schedule = await scheduleOf(db, venue, now, addDays(input.date, -1));
  return coveredBySpecial(db, venue, schedule, specialOf(input), now);
}

/** The dry run (src/domain/closures.ts): the refusals the write would give, else the reservations covered. */
export async function previewSpecialDate(db: Db, venue: VenueRow, input: SpecialDateInput, now: number) {
  await refuseSpecialDate(db, venue, input, now);
  return coveredReservations(db, venue, input, now);
}

/**
 * Adds the special date. Under the venue's reservation lock (taken by the reservations' reader)
 * it reads the reservations it would cover, and refuses with 409 when there are some and the
 * caller has not said what to do with them; answers them with the date, for the mail.
 */
export async function addSpecialDate(
  db: Db,
  venue: VenueRow,
  input: SpecialDateInput,
  now: number,
): Promise<{ special: Schedule['specialDates'][number]; covered: HeldTime[] }> {
  return db.transaction(async (tx) => {
    await refuseSpecialDate(tx, venue, input, now);
    const covered = await coveredReservations(tx, venue, input, now);
    if (covered.length && !input.affected) {
      const message = formatMessage('closureCoversBookings', { count: covered.length });
      throw conflict(message, { affected: message });
    }
    const [row] = await tx
      .insert(venueSpecialDates)
      .values({ venueId: venue.id, ...specialOf(input) })
      .onConflictDoNothing()
      .returning(specialColumns);
    if (!row) throw conflict(MESSAGES.specialDateTaken, { date: MESSAGES.specialDateTaken });
    return { special: row, covered };
  });
}

export async function deleteSpecialDate(db: Db, venueId: string, id: string) {
  const [row] = await db
    .delete(venueSpecialDates)
    .where(and(eq(venueSpecialDates.id, id), eq(venueSpecialDates.venueId, venueId)))
    .returning({ id: venueSpecialDates.id });
  if (!row) throw notFound();
}
