/**
 * GET /api/Home/dashboard: a club owner's today / upcoming / 30-day revenue, a user's bookings
 * and revenue, other roles 403, another business's id 404 and its
 * money and reservations never counted; days cut in the business's time zone (a charge at 23:30
 * in New York is that day's, not the next UTC day's); cents summed exactly, net of refunds.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newPassCode } from '../../src/domain/reservations/pass-code';
import {
  bookings,
  businesses,
  events,
  paymentTransactions,
  reservations,
  reservationTables,
  users,
} from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { planTables } from '../../server/modules/reservations/plan-tables';
import { insertAccount } from '../../server/modules/user/accounts';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let owner: string;
let user: string;
let businessId: string;
let userBusiness: string;
let otherBusiness: string;
let otherOwner: string;
let venueId: string;
const URL = '/api/Home/dashboard';

// Tuesday, March 10th 2026, 11:00 in New York (EDT since March 8th).
const NOW = Date.parse('2026-03-10T15:00:00Z');

const db = () => t.db.database.db;
const get = (token: string, query = '') => t.call({ method: 'GET', url: `${URL}${query}`, token });

async function charge(business: string, at: string, amountCents: number, status = 'succeeded', refundedCents = 0) {
  await db()
    .insert(paymentTransactions)
    .values({
      businessId: business,
      kind: 'payment_link',
      amountCents,
      refundedCents,
      status,
      processor: 'local',
      createdAt: new Date(at),
    });
}

async function reserve(business: string, guestName: string, start: string, minutes: number, status = 'booked') {
  const startsAt = new Date(start);
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  const [row] = await db()
    .insert(reservations)
    .values({
      businessId: business,
      venueId,
      guestName,
      partySize: 4,
      startsAt,
      endsAt,
      status,
      code: newPassCode(randomBytes),
    })
    .returning({ id: reservations.id });
  const table = (await planTables(db(), venueId))![0]!;
  await db().insert(reservationTables).values({ reservationId: row!.id, venueId, tableId: table.id, startsAt, endsAt });
  return { id: row!.id, tableName: table.name };
}

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  t.clock.now = NOW;
  const o = await t.login('clubowner@demo.test');
  owner = o.access;
  businessId = o.res.json().result.business.id;
  const u = await t.login('user@demo.test');
  user = u.access;
  userBusiness = u.res.json().result.business.id;
  venueId = (await t.call({ method: 'GET', url: '/api/Club/my-venues', token: owner })).json().result[0].id;
  for (const id of [businessId, userBusiness]) {
    await db().update(businesses).set({ timeZone: 'America/New_York' }).where(eq(businesses.id, id));
  }

  otherBusiness = await createBusiness(db(), 'Rival Club');
  const [carla] = await db().select().from(users).where(eq(users.email, 'clubowner@demo.test'));
  const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = carla!;
  await insertAccount(db(), { ...rest, email: 'dashboard.rival@example.com', businessId: otherBusiness });
  otherOwner = (await t.login('dashboard.rival@example.com')).access;
});
afterAll(() => t.close());

describe('who may read it', () => {
  it('answers club owners and users; every other role is refused', async () => {
    expect((await get(owner)).json().result.kind).toBe('venue');
    expect((await get(user)).json().result.kind).toBe('bookings');
    for (const email of ['admin@demo.test', 'it@demo.test', 'mover@demo.test', 'trucker@demo.test']) {
      const res = await get((await t.login(email)).access);
      expect(res.statusCode, email).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it("another business's id answers 404; a malformed one 400 naming the field", async () => {
    expect((await get(owner, `?businessId=${businessId}`)).statusCode).toBe(200);
    expect((await get(owner, `?businessId=${otherBusiness}`)).statusCode).toBe(404);
    const bad = await get(owner, '?businessId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ businessId: 'This id is not valid' });
  });
});

describe('revenue over 30 days', () => {
  beforeAll(async () => {
    await charge(businessId, '2026-03-10T14:00:00Z', 1999); // today 10:00
    await charge(businessId, '2026-03-10T03:30:00Z', 2501); // March 9th, 23:30 local
    await charge(businessId, '2026-03-10T04:30:00Z', 10_000, 'partially_refunded', 2_501); // March 10th, 00:30
    await charge(businessId, '2026-03-10T12:00:00Z', 7_000, 'refunded', 7_000);
    await charge(businessId, '2026-03-10T12:30:00Z', 4_000, 'failed');
    await charge(businessId, '2026-02-09T05:00:00Z', 333); // Feb 9th 00:00 EST: the window's first minute
    await charge(businessId, '2026-02-09T04:59:00Z', 50_000); // Feb 8th 23:59 EST: a day too old
    await charge(businessId, '2026-03-11T04:00:00Z', 80_000); // tomorrow 00:00 EDT: not yet
    await charge(otherBusiness, '2026-03-10T14:00:00Z', 12_345);
  });

  it('sums net cents per day of the business time zone, every day present', async () => {
    const { revenue, today, timeZone } = (await get(owner)).json().result;
    expect(timeZone).toBe('America/New_York');
    expect(today).toBe('2026-03-10');
    expect(revenue.days).toHaveLength(30);
    expect(revenue.days[0]).toEqual({ day: '2026-02-09', cents: 333 });
    expect(revenue.days[29]).toEqual({ day: '2026-03-10', cents: 1999 + 10_000 - 2_501 });
    expect(revenue.days[28]).toEqual({ day: '2026-03-09', cents: 2501 });
    expect(revenue.days.filter((d: { cents: number }) => d.cents > 0)).toHaveLength(3);
    expect(revenue.totalCents).toBe(333 + 2501 + 1999 + 7_499);
  });

  it("another business's money is its own", async () => {
    const rival = (await get(otherOwner)).json().result;
    expect(rival.revenue.totalCents).toBe(12_345);
    expect(rival.todayCount).toBe(0);
    expect(rival.revenue.days).toHaveLength(30);
  });

  it('a user gets their revenue by the same rule', async () => {
    await charge(userBusiness, '2026-03-01T17:00:00Z', 15_050);
    const mine = (await get(user)).json().result;
    expect(mine.revenue.totalCents).toBe(15_050);
    expect(mine.revenue.days.find((d: { day: string }) => d.day === '2026-03-01').cents).toBe(15_050);
  });
});

describe("a user's bookings", () => {
  let product = '';
  beforeAll(async () => {
    const p = tableOf('products');
    const [item] = await db().select({ id: p.id, name: p.name }).from(p).where(eq(p.businessId, userBusiness)).limit(1);
    product = item!.name as string;
    const book = (
      business: string,
      customerName: string,
      start: string,
      status: 'confirmed' | 'cancelled' = 'confirmed',
    ) =>
      db()
        .insert(bookings)
        .values({
          businessId: business,
          productId: business === userBusiness ? (item!.id as string) : null,
          customerName,
          startsAt: new Date(start),
          endsAt: new Date(Date.parse(start) + 3600_000),
          status,
        });
    await book(userBusiness, 'Morning Client', '2026-03-10T13:00:00Z'); // 09:00, over by now
    await book(userBusiness, 'Evening Client', '2026-03-11T03:00:00Z'); // 23:00 local: today
    await book(userBusiness, 'Cancelled Client', '2026-03-10T18:00:00Z', 'cancelled');
    await book(userBusiness, 'Next Week', '2026-03-17T14:00:00Z');
    await book(otherBusiness, 'Not Yours', '2026-03-10T18:00:00Z');
  });

  it("counts today's confirmed bookings and the ones to come, with the product's name", async () => {
    const mine = (await get(user)).json().result;
    expect(mine.kind).toBe('bookings');
    expect(mine.todayCount).toBe(2);
    expect(mine.todayItems.map((i: { title: string }) => i.title)).toEqual(['Evening Client', 'Morning Client']);
    expect(mine.todayItems[0]).toMatchObject({
      kind: 'booking',
      detail: product,
      partySize: null,
      status: 'confirmed',
    });
    expect(mine.upcomingCount).toBe(1);
    expect(mine.upcomingItems[0]).toMatchObject({ title: 'Next Week', startsAt: '2026-03-17T14:00:00.000Z' });
  });
});

describe("a club owner's tonight and upcoming", () => {
  let table = '';
  beforeAll(async () => {
    await reserve(businessId, 'Early Bird', '2026-03-10T13:00:00Z', 60, 'paid'); // 09:00–10:00, over
    table = (await reserve(businessId, 'Ada Lovelace', '2026-03-10T22:00:00Z', 120)).tableName; // 18:00
    await reserve(businessId, 'Late Owl', '2026-03-11T03:30:00Z', 60); // 23:30 local: still today
    await reserve(businessId, 'No Show Yet', '2026-03-10T23:00:00Z', 60, 'cancelled');
    // 00:30 on 03/11: still Tuesday's night (src/domain/venue/venue-night.ts), as at the door.
    await reserve(businessId, 'Night Owl', '2026-03-11T04:30:00Z', 90);
    await reserve(businessId, 'Tomorrow Guest', '2026-03-11T23:00:00Z', 90); // 19:00 on 03/11
    await reserve(otherBusiness, 'Rival Guest', '2026-03-10T22:00:00Z', 60);
    await db()
      .insert(events)
      .values([
        {
          businessId,
          venueId,
          name: 'Jazz Night',
          startsAt: new Date('2026-03-14T01:00:00Z'),
          endsAt: new Date('2026-03-14T05:00:00Z'),
        },
        {
          businessId,
          venueId,
          name: 'Called Off',
          status: 'cancelled',
          startsAt: new Date('2026-03-15T01:00:00Z'),
          endsAt: new Date('2026-03-15T05:00:00Z'),
        },
        {
          businessId,
          venueId,
          name: 'Far Away',
          startsAt: new Date('2026-05-01T01:00:00Z'),
          endsAt: new Date('2026-05-01T05:00:00Z'),
        },
      ]);
  });

  it("counts tonight's reservations — the venue's night, past midnight — those still to come first", async () => {
    const result = (await get(owner)).json().result;
    expect(result.todayCount).toBe(4);
    expect(result.todayItems.map((i: { title: string }) => i.title)).toEqual([
      'Ada Lovelace',
      'Late Owl',
      'Night Owl',
      'Early Bird',
    ]);
    expect(result.todayItems[0]).toMatchObject({
      kind: 'reservation',
      startsAt: '2026-03-10T22:00:00.000Z',
      detail: table,
      partySize: 4,
      status: 'booked',
    });
  });

  it("lists booked reservations after tonight's night and scheduled events, by time", async () => {
    const result = (await get(owner)).json().result;
    expect(result.upcomingCount).toBe(2);
    expect(result.upcomingItems.map((i: { title: string; kind: string }) => [i.kind, i.title])).toEqual([
      ['reservation', 'Tomorrow Guest'],
      ['event', 'Jazz Night'],
    ]);
  });
});

describe('a table taken off the floor plan', () => {
  it('is left out of a reservation’s tables, never shown by its id', async () => {
    const { id } = await reserve(businessId, 'Removed Table Guest', '2026-03-10T23:30:00Z', 60); // 19:30 tonight
    const gone = '12f4b426-f316-4280-8de9-1e3502d75b69';
    await db()
      .insert(reservationTables)
      .values({
        reservationId: id,
        venueId,
        tableId: gone,
        startsAt: new Date('2026-03-10T23:30:00Z'),
        endsAt: new Date('2026-03-11T00:30:00Z'),
      });
    const item = (await get(owner))
      .json()
      .result.todayItems.find((i: { title: string }) => i.title === 'Removed Table Guest');
    const [first] = (await planTables(db(), venueId))!;
    expect(item.detail).toBe(first!.name);
  });
});
