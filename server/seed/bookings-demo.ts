/**
 * Demo bookings: a few this week for the general business user's and the mover's businesses,
 * inside their demo hours (Mon–Fri 09:00–12:00 and 13:00–17:00, availability-demo.ts), so
 * calendar_management and the user's home dashboard show them. The user's are for services
 * of the demo catalogue (their durations); the mover's have no product. Weekends are skipped,
 * as is the seeded day off (two weeks ahead, outside this week).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, weekdayOf, zonedDay, zonedTimeToInstant } from '../../src/domain/venue/opening-hours';
import type { Db } from '../db/client';
import { bookings, businesses, users } from '../db/schema';
import { tableOf } from '../resources/tables';

/** [weekday offset from today, start HH:MM, customer, service name or minutes]. */
const PLAN: [number, string, string, string | number][] = [
  [0, '10:00', 'Olivia Bennett', 'Portrait session'],
  [0, '14:30', 'Marcus Reed', 'Family photo shoot'],
  [1, '09:30', 'Priya Natarajan', 'Photo editing class'],
  [2, '13:00', 'Daniel Okafor', 'Portrait session'],
  [3, '15:00', 'Sofia Alvarez', 'Family photo shoot'],
];
const MOVER_PLAN: [number, string, string, string | number][] = [
  [0, '09:00', 'Hannah Cole (2-bedroom move)', 180],
  [1, '13:00', 'Victor Hughes (office move)', 240],
  [3, '09:00', 'Grace Kim (studio apartment)', 120],
];

const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

async function seedFor(db: Db, email: string, plan: typeof PLAN, now: number) {
  const [owner] = await db
    .select({ userId: users.id, businessId: businesses.id, timeZone: businesses.timeZone })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.email, email));
  if (!owner) return;
  const p = tableOf('products');
  const names = plan.map((x) => x[3]).filter((x): x is string => typeof x === 'string');
  const products = names.length
    ? await db
        .select({ id: p.id, name: p.name, durationMinutes: p.durationMinutes })
        .from(p)
        .where(and(eq(p.businessId, owner.businessId), inArray(p.name, names)))
    : [];
  // The next weekdays from today, in the business's days.
  const weekdays: string[] = [];
  for (let day = zonedDay(now, owner.timeZone); weekdays.length < 5; day = addDays(day, 1))
    if (weekdayOf(day) >= 1 && weekdayOf(day) <= 5) weekdays.push(day);
  const rows = plan.flatMap(([offset, clock, customerName, what]) => {
    const product = typeof what === 'string' ? products.find((x) => x.name === what) : undefined;
    const minutes = product ? (product.durationMinutes as number) : typeof what === 'number' ? what : 60;
    const start = zonedTimeToInstant(weekdays[offset]!, clockMinutes(clock), owner.timeZone);
    return [
      {
        businessId: owner.businessId,
        productId: (product?.id as string | undefined) ?? null,
        customerName,
        customerEmail: `${customerName.split(' ')[0]!.toLowerCase()}@example.com`,
        startsAt: new Date(start),
        endsAt: new Date(start + minutes * 60_000),
        createdBy: owner.userId,
      },
    ];
  });
  await db.insert(bookings).values(rows);
}

export async function seedBookingsDemo(db: Db, now: number) {
  await seedFor(db, 'user@demo.test', PLAN, now);
  await seedFor(db, 'mover@demo.test', MOVER_PLAN, now);
}
