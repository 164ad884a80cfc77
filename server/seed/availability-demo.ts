/**
 * Demo availability: the general business user's and the mover's businesses are open Monday to
 * Friday 09:00–17:00 with a 12:00–13:00 lunch break, and each has one day off two weeks after the
 * seeding day (in the business's time zone), so schedule_management shows hours and an exception.
 */
import { eq, inArray } from 'drizzle-orm';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import type { Db } from '../db/client';
import { availabilityExceptions, availabilitySlots, businesses, users } from '../db/schema';

const DEMO_SCHEDULERS = ['user@demo.test', 'mover@demo.test'];

export async function seedAvailabilityDemo(db: Db, now: number) {
  const rows = await db
    .select({ businessId: businesses.id, timeZone: businesses.timeZone })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(inArray(users.email, DEMO_SCHEDULERS));
  for (const { businessId, timeZone } of rows) {
    await db.insert(availabilitySlots).values(
      [1, 2, 3, 4, 5].map((dayOfWeek) => ({
        businessId,
        dayOfWeek,
        startMinute: 9 * 60,
        endMinute: 17 * 60,
        breaks: [{ start: 12 * 60, end: 13 * 60 }],
      })),
    );
    const dayOff = addDays(zonedDay(now, timeZone), 14);
    await db
      .insert(availabilityExceptions)
      .values({ businessId, startDate: dayOff, endDate: dayOff, closed: true, note: 'Team training day' });
  }
}
