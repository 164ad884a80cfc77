/**
 * A few reservations on the demo venue's floor plan for its next two open nights (from the
 * seating demo's tables), in each status a night shows: booked, seated, paid and cancelled.
 * Written directly (no mail, no events): it is a fresh install's sample, not bookings.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { newPassCode } from '../../src/domain/reservations/pass-code';
import type { ReservationStatus } from '../../src/domain/reservations/reservation';
import { addDays, openIntervals, zonedDay } from '../../src/domain/venue/opening-hours';
import type { Db } from '../db/client';
import { reservations, reservationTables, venueHours } from '../db/schema';
import { planTables } from '../modules/reservations';
import { timeZoneOf } from '../modules/venue';
import { tableOf } from '../resources/tables';

/** [night index, minutes after opening, duration, guest, phone, party, table index, status] */
const SAMPLES: [number, number, number, string, string, number, number, ReservationStatus][] = [
  [0, 0, 120, 'Grace Hopper', '+12025550101', 2, 0, 'seated'],
  [0, 30, 150, 'Alan Turing', '+12025550102', 4, 2, 'booked'],
  [0, 60, 120, 'Katherine Johnson', '+12025550103', 6, 5, 'booked'],
  [0, 0, 90, 'Edsger Dijkstra', '+12025550104', 2, 1, 'paid'],
  [0, 120, 120, 'Barbara Liskov', '+12025550105', 3, 3, 'cancelled'],
  [1, 30, 120, 'Donald Knuth', '+12025550106', 4, 2, 'booked'],
  [1, 90, 180, 'Frances Allen', '+12025550107', 8, 7, 'booked'],
];

export async function seedReservationsDemo(db: Db, venueId: string | null, now: number): Promise<void> {
  if (!venueId) return;
  const tables = await planTables(db, venueId);
  if (!tables?.length) return;
  const venues = tableOf('venues');
  const [venue] = await db.select({ businessId: venues.businessId }).from(venues).where(eq(venues.id, venueId));
  if (!venue) return;
  const timeZone = await timeZoneOf(db, venue.businessId as string);
  const hours = await db.select().from(venueHours).where(eq(venueHours.venueId, venueId));
  const today = zonedDay(now, timeZone);
  const nights = openIntervals(hours, [], timeZone, today, addDays(today, 7)).filter((n) => n.end > now);
  for (const [night, offset, duration, guestName, guestPhone, partySize, tableIndex, status] of SAMPLES) {
    const n = nights[night];
    const table = tables[tableIndex % tables.length]!;
    if (!n) continue;
    const start = Math.max(n.start, Math.ceil(now / 1_800_000) * 1_800_000) + offset * 60_000;
    const end = Math.min(start + duration * 60_000, n.end);
    if (end <= start) continue;
    const [row] = await db
      .insert(reservations)
      .values({
        businessId: venue.businessId as string,
        venueId,
        guestName,
        guestPhone,
        partySize: Math.min(partySize, table.places),
        startsAt: new Date(start),
        endsAt: new Date(end),
        status,
        code: newPassCode(randomBytes),
      })
      .returning({ id: reservations.id });
    await db
      .insert(reservationTables)
      .values({ reservationId: row!.id, venueId, tableId: table.id, startsAt: new Date(start), endsAt: new Date(end) });
  }
}
