/**
 * The night cache (server/modules/reservations/night-cache.ts) never answers a night the
 * database has moved past: a booking, a closed night, a new floor plan or a business's time
 * zone changed behind the routes' back — straight in the tables — shows in the next answer, on
 * PGlite and on PostgreSQL, and on PostgreSQL also when another connection makes the change.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, reservations, reservationTables, venueLayouts, venueSpecialDates } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { addDays, weekdayOf, zonedDay, zonedTimeToInstant } from '../../src/domain/venue/opening-hours';
import { createTestApp, type TestApp } from './helpers/app';
import { replaceFloorPlan } from './helpers/floor-plan';
import { copyTemplate, pgUrl } from './helpers/database';
import { serveProcess } from './helpers/process';

const NY = 'America/New_York';

const layoutWith = (...names: string[]) => ({
  width: 12,
  height: 8,
  walls: [],
  bars: [],
  zoom: 1,
  rotation: 0,
  seats: names.map((name, i) => ({
    id: name.toLowerCase(),
    name,
    identifier: name,
    isAvailable: true,
    places: 4,
    items: [
      {
        id: `${name}-c`,
        image: null,
        name,
        row: 1,
        col: 1 + i * 2,
        rotation: 0,
        type: 'table',
        parentId: name.toLowerCase(),
        parentName: name,
        parentIdentifier: name,
      },
    ],
  })),
});

/** The next Saturday at least two days after `now`, in New York. */
function saturdayAfter(now: number) {
  let day = addDays(zonedDay(now, NY), 2);
  while (weekdayOf(day) !== 6) day = addDays(day, 1);
  return day;
}

describe('night cache', () => {
  let t: TestApp;
  let token: string;
  let venueId: string;
  let businessId: string;
  let saturday: string;
  let base: string;
  const night = async () => {
    const res = await t.call({ method: 'GET', url: `${base}/availability?day=${saturday}`, token });
    expect(res.statusCode).toBe(200);
    return res.json().result;
  };

  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { enabled: false } });
    token = (await t.login('clubowner@demo.test')).access;
    venueId = (await t.call({ method: 'GET', url: '/api/Club/my-venues', token })).json().result[0].id;
    base = `/api/Club/venues/${venueId}`;
    const db = t.db.database.db;
    await replaceFloorPlan(t, venueId, layoutWith('A1'));
    const [b] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.companyName, 'Blue Note Club'));
    businessId = b!.id;
    saturday = saturdayAfter(t.clock.now);
  });
  afterAll(() => t?.close());

  it('shows a booking written straight into the tables', async () => {
    expect((await night()).tables[0].busy).toEqual([]);
    // 23:00 → 01:00: the floor plan's state after midnight comes from the night before's span.
    const startsAt = new Date(zonedTimeToInstant(saturday, 23 * 60, NY));
    const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
    await t.db.database.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(reservations)
        .values({
          businessId,
          venueId,
          guestName: 'Behind The Back',
          partySize: 2,
          startsAt,
          endsAt,
          code: 'NC0000001',
        })
        .returning({ id: reservations.id });
      await tx.insert(reservationTables).values({ reservationId: r!.id, venueId, tableId: 'a1', startsAt, endsAt });
    });
    expect((await night()).tables[0].busy).toMatchObject([{ guestName: 'Behind The Back' }]);
    const halfPast = new Date(zonedTimeToInstant(addDays(saturday, 1), 30, NY)).toISOString();
    const states = await t.call({ method: 'GET', url: `${base}/table-states?at=${halfPast}`, token });
    expect(states.json().result).toMatchObject([{ tableId: 'a1', state: 'reserved', guestName: 'Behind The Back' }]);

    await t.db.database.db.execute(sql`update reservations set status = 'cancelled' where code = 'NC0000001'`);
    expect((await night()).tables[0].busy).toEqual([]);
  });

  it('shows a night closed, a floor plan replaced and a time zone changed', async () => {
    expect((await night()).night).not.toBeNull();
    const db = t.db.database.db;
    const [closed] = await db
      .insert(venueSpecialDates)
      .values({ venueId, date: saturday, closed: true })
      .returning({ id: venueSpecialDates.id });
    expect((await night()).night).toBeNull();
    await db.delete(venueSpecialDates).where(eq(venueSpecialDates.id, closed!.id));
    expect((await night()).night).not.toBeNull();

    const states = async () =>
      (await t.call({ method: 'GET', url: `${base}/table-states`, token }))
        .json()
        .result.map((s: { tableId: string }) => s.tableId);
    expect(await states()).toEqual(['a1']);
    await db
      .update(venueLayouts)
      .set({ layout: layoutWith('A1', 'B2') })
      .where(eq(venueLayouts.venueId, venueId));
    expect(await states()).toEqual(['a1', 'b2']);
    expect((await night()).tables.map((x: { id: string }) => x.id)).toEqual(['a1', 'b2']);

    await db.update(businesses).set({ timeZone: 'America/Chicago' }).where(eq(businesses.id, businessId));
    expect((await night()).timeZone).toBe('America/Chicago');
    await db.update(businesses).set({ timeZone: NY }).where(eq(businesses.id, businessId));
    expect((await night()).timeZone).toBe(NY);
  });
});

describe.skipIf(!pgUrl())('night cache across processes (PostgreSQL)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  const serve = (location: string) => serveProcess(location, cleanup, { RATE_LIMIT: 'false' });

  it("a booking on process A, or another connection's change, shows on process B", async () => {
    const template = await copyTemplate();
    cleanup.push(() => template.dispose());
    const a = await serve(template.location);
    const b = await serve(template.location);
    const login = await a.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'clubowner@demo.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: String(login.headers.authorization) };
    const venueId = (await a.inject({ method: 'GET', url: '/api/Club/my-venues', headers })).json().result[0].id;
    const base = `/api/Club/venues/${venueId}`;
    const saturday = saturdayAfter(Date.now());
    const other = new pg.Client({ connectionString: template.location });
    await other.connect();
    cleanup.push(() => other.end());
    await other.query('update venue_layouts set layout = $1 where venue_id = $2', [layoutWith('A1'), venueId]);
    await other.query('delete from reservations where venue_id = $1', [venueId]);
    const busyOnB = async () =>
      (await b.inject({ method: 'GET', url: `${base}/availability?day=${saturday}`, headers })).json().result.tables[0]
        .busy.length;
    await expect.poll(busyOnB, { timeout: 2_000, interval: 20 }).toBe(0);

    const booked = await a.inject({
      method: 'POST',
      url: `${base}/reservations`,
      headers,
      payload: {
        guestName: 'Ada Lovelace',
        guestPhone: '(202) 555-0143',
        partySize: 2,
        startsAt: new Date(zonedTimeToInstant(saturday, 21 * 60, NY)).toISOString(),
        durationMinutes: 120,
        tableIds: ['a1'],
      },
    });
    expect(booked.statusCode).toBe(200);
    await expect.poll(busyOnB, { timeout: 2_000, interval: 20 }).toBe(1);

    await other.query(`update reservations set status = 'cancelled' where venue_id = $1`, [venueId]);
    await expect.poll(busyOnB, { timeout: 2_000, interval: 20 }).toBe(0);
  });
});
