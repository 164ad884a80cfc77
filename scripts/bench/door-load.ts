/**
 * Loads passes for the door bench: `--count` reservations (default 20,000) at the demo venue
 * starting within the hour, so every one is valid tonight and redeeming it admits. Prints
 * their codes (JSON) for the bench to send, one fresh code per request.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { businesses, reservations } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { newPassCode } from '../../src/domain/reservations/pass-code';

const { values } = parseArgs({ options: { count: { type: 'string', default: '20000' } } });
const COUNT = Number(values.count);

const database = await openDatabase(loadConfig());
const { db } = database;
const [business] = await db.select().from(businesses).where(eq(businesses.companyName, 'Blue Note Club'));
const venues = tableOf('venues');
const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.businessId, business!.id));
const startsAt = new Date(Date.now() + 30 * 60_000);
const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
const codes: string[] = [];
for (let made = 0; made < COUNT; made += 1000) {
  const rows = Array.from({ length: Math.min(1000, COUNT - made) }, (_, i) => ({
    businessId: business!.id,
    venueId: venue!.id as string,
    guestName: `Door Guest ${made + i}`,
    partySize: 2,
    startsAt,
    endsAt,
    code: newPassCode(randomBytes),
  }));
  await db.insert(reservations).values(rows);
  codes.push(...rows.map((r) => r.code));
}
await database.close();
console.log(JSON.stringify({ venueId: venue!.id, codes }));
