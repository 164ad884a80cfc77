/**
 * Loads bookings onto the demo venue for the reservations bench: `--count` reservations (default
 * 10,000) on the demo floor plan's tables, three non-overlapping stays per table per night,
 * over as many nights as that takes, half before and half after today (so the night measured
 * sits among past and future bookings as a busy venue's would). Prints the nights' first and
 * last day and a busy Saturday inside the range (JSON).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { businesses, reservations, reservationTables } from '../../server/db/schema';
import { planTables } from '../../server/modules/reservations/plan-tables';
import { tableOf } from '../../server/resources/tables';
import { newPassCode } from '../../src/domain/reservations/pass-code';
import { addDays, weekdayOf, zonedDay, zonedTimeToInstant } from '../../src/domain/venue/opening-hours';

const { values } = parseArgs({ options: { count: { type: 'string', default: '10000' } } });
const COUNT = Number(values.count);
const TZ = 'America/New_York';

const database = await openDatabase(loadConfig());
const { db } = database;
const [business] = await db.select().from(businesses).where(eq(businesses.companyName, 'Blue Note Club'));
const venues = tableOf('venues');
const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.businessId, business!.id));
const venueId = venue!.id as string;
const tables = (await planTables(db, venueId))!;
const perNight = tables.length * 3;
const nights = Math.ceil(COUNT / perNight);
const today = zonedDay(Date.now(), TZ);
const first = addDays(today, -Math.floor(nights / 2));
let made = 0;
for (let n = 0; n < nights && made < COUNT; n++) {
  const day = addDays(first, n);
  const rows: (typeof reservations.$inferInsert)[] = [];
  const links: { tableId: string; startsAt: Date; endsAt: Date }[] = [];
  for (const table of tables)
    for (let slot = 0; slot < 3 && made + rows.length < COUNT; slot++) {
      const start = zonedTimeToInstant(day, 18 * 60 + slot * 150, TZ);
      const startsAt = new Date(start);
      const endsAt = new Date(start + 120 * 60_000);
      rows.push({
        businessId: business!.id,
        venueId,
        guestName: `Guest ${made + rows.length}`,
        guestPhone: '+12025550100',
        partySize: Math.max(1, Math.min(table.places, 2 + slot)),
        startsAt,
        endsAt,
        status: day < today ? 'paid' : 'booked',
        code: newPassCode(randomBytes),
      });
      links.push({ tableId: table.id, startsAt, endsAt });
    }
  const ids = await db.insert(reservations).values(rows).returning({ id: reservations.id });
  await db.insert(reservationTables).values(ids.map((r, i) => ({ reservationId: r.id, venueId, ...links[i]! })));
  made += rows.length;
}
let saturday = addDays(today, 1);
while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
console.log(JSON.stringify({ made, first, last: addDays(first, nights - 1), saturday }));
await database.close();
