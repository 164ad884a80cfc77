/**
 * A venue's opening hours (this service owns venue_hours and venue_special_dates) and the
 * business's time zone (read; business/businesses.ts writes it). The weekly hours are replaced as a whole, in one transaction, so a
 * failed save leaves the previous week intact.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { addDays, zonedDay, type SpecialDate, type WeeklyHours } from '../../../src/domain/venue/opening-hours';
import type { ScheduleInput, SpecialDateInput } from '../../../src/domain/venue/schedule';
import type { Db } from '../../db/client';
import { venueHours, venueSpecialDates } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { timeZoneOf } from './venues';

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
  db: Db,
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

export async function addSpecialDate(db: Db, venueId: string, input: SpecialDateInput) {
  const values = {
    venueId,
    date: input.date,
    closed: input.closed,
    opensAt: input.closed ? null : input.opensAt,
    closesAt: input.closed ? null : input.closesAt,
    note: input.note,
  };
  const [row] = await db.insert(venueSpecialDates).values(values).onConflictDoNothing().returning(specialColumns);
  if (!row) throw conflict(MESSAGES.specialDateTaken, { date: MESSAGES.specialDateTaken });
  return row;
}

export async function deleteSpecialDate(db: Db, venueId: string, id: string) {
  const [row] = await db
    .delete(venueSpecialDates)
    .where(and(eq(venueSpecialDates.id, id), eq(venueSpecialDates.venueId, venueId)))
    .returning({ id: venueSpecialDates.id });
  if (!row) throw notFound();
}
