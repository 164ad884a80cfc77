/**
 * The free-slots memory (server/modules/bookings/free-slots.ts) never answers slots the database
 * has moved past: a booking, a day off, an opening hour or the business's time zone changed
 * behind the routes' back — straight in the tables — shows in the next answer, on PGlite and on
 * PostgreSQL, and on PostgreSQL also when another process books or another connection writes.
 * A Tuesday in January of the year after next (EST, UTC−5): far from the seeded bookings, and
 * ahead of the clock whatever day the suite runs (a fixed 01/18/2028 had no free slots from that
 * day on); the seed opens user@'s business Mon–Fri 09:00–12:00 and 13:00–17:00 New York time.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityExceptions, bookings, businesses, users } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { createTestApp, type TestApp } from './helpers/app';
import { copyTemplate, pgUrl } from './helpers/database';
import { serveProcess } from './helpers/process';
import { addDays, weekdayOf, zonedDay } from '../../src/domain/venue/opening-hours';

let DAY = `${Number(zonedDay(Date.now(), 'America/New_York').slice(0, 4)) + 2}-01-15`;
while (weekdayOf(DAY) !== 2) DAY = addDays(DAY, 1);
const FREE = `/api/Booking/free-slots?from=${DAY}&to=${DAY}&durationMinutes=60`;
/** 09:00 New York on DAY. */
const NINE = `${DAY}T14:00:00.000Z`;
/** 10:00 New York on DAY. */
const TEN = `${DAY}T15:00:00.000Z`;

describe('free-slots memory', () => {
  let t: TestApp;
  let token: string;
  let businessId: string;
  const starts = async () => {
    const res = await t.call({ method: 'GET', url: FREE, token });
    expect(res.statusCode).toBe(200);
    return res.json().result as { timeZone: string; starts: string[] };
  };

  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { enabled: false } });
    token = (await t.login('user@demo.test')).access;
    const [u] = await t.db.database.db
      .select({ businessId: users.businessId })
      .from(users)
      .where(eq(users.email, 'user@demo.test'));
    businessId = u!.businessId!;
  });
  afterAll(() => t?.close());

  it('shows a booking, a day off and a time zone changed straight in the tables', async () => {
    const db = t.db.database.db;
    expect((await starts()).starts[0]).toBe(NINE);
    const [b] = await db
      .insert(bookings)
      .values({
        businessId,
        customerName: 'Behind The Back',
        startsAt: new Date(NINE),
        endsAt: new Date(Date.parse(NINE) + 3_600_000),
      })
      .returning({ id: bookings.id });
    expect((await starts()).starts[0]).toBe(TEN);
    await db.execute(sql`update bookings set status = 'cancelled' where id = ${b!.id}`);
    expect((await starts()).starts[0]).toBe(NINE);

    const [off] = await db
      .insert(availabilityExceptions)
      .values({ businessId, startDate: DAY, endDate: DAY, closed: true })
      .returning({ id: availabilityExceptions.id });
    expect((await starts()).starts).toEqual([]);
    await db.delete(availabilityExceptions).where(eq(availabilityExceptions.id, off!.id));
    expect((await starts()).starts[0]).toBe(NINE);

    // The same wall clock in Chicago is an hour later in UTC.
    await db.update(businesses).set({ timeZone: 'America/Chicago' }).where(eq(businesses.id, businessId));
    const chicago = await starts();
    expect([chicago.timeZone, chicago.starts[0]]).toEqual(['America/Chicago', TEN]);
    await db.update(businesses).set({ timeZone: 'America/New_York' }).where(eq(businesses.id, businessId));
    expect((await starts()).starts[0]).toBe(NINE);
  });
});

describe.skipIf(!pgUrl())('free-slots memory across processes (PostgreSQL)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it("a booking on process A, or another connection's change, shows on process B", async () => {
    const template = await copyTemplate();
    cleanup.push(() => template.dispose());
    const a = await serveProcess(template.location, cleanup, { RATE_LIMIT: 'false' });
    const b = await serveProcess(template.location, cleanup, { RATE_LIMIT: 'false' });
    const login = await a.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'user@demo.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: String(login.headers.authorization) };
    const firstOnB = async () =>
      ((await b.inject({ method: 'GET', url: FREE, headers })).json().result.starts as string[])[0];
    expect(await firstOnB()).toBe(NINE);

    const booked = await a.inject({
      method: 'POST',
      url: '/api/Booking/bookings',
      headers,
      payload: { startsAt: NINE, endsAt: TEN, customerName: 'Ada Lovelace' },
    });
    expect(booked.statusCode).toBe(201);
    await expect.poll(firstOnB, { timeout: 2_000, interval: 20 }).toBe(TEN);

    const other = new pg.Client({ connectionString: template.location });
    await other.connect();
    cleanup.push(() => other.end());
    await other.query(`update bookings set status = 'cancelled' where id = $1`, [booked.json().result.id]);
    await expect.poll(firstOnB, { timeout: 2_000, interval: 20 }).toBe(NINE);
  });
});
