/**
 * The reservations list's order: by start, then at the same start by table name as a person reads
 * it ("Table 2" before "Table 9" before "Table 10"), then by guest (case and accents ignored), made
 * by the query itself so the pages of a night follow one another without a row twice or missing.
 * Reservations at one time used to come in id order, which looks random.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf, zonedDay, zonedTimeToInstant } from '../../src/domain/venue/opening-hours';
import { createTestApp, type TestApp } from './helpers/app';
import { floorTable, replaceFloorPlan } from './helpers/floor-plan';

const NY = 'America/New_York';
let t: TestApp;
let owner: string;
let base: string;
let saturday: string;

const table = (id: string, name: string, col: number) => floorTable(id, name, 4, col);
// The ids in the order of the names as plain text ("Table 10" < "Table 2" < "Table 9"), neither
// the order a person reads them in.
const LAYOUT = {
  width: 12,
  height: 8,
  walls: [],
  bars: [],
  zoom: 1,
  rotation: 0,
  seats: [table('a', 'Table 10', 1), table('b', 'Table 9', 3), table('c', 'Table 2', 5)],
};

const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(zonedTimeToInstant(saturday, h * 60 + m, NY)).toISOString();
};

async function book(guestName: string, time: string, tableIds: string[], durationMinutes = 120): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: `${base}/reservations`,
    token: owner,
    payload: {
      guestName,
      guestPhone: '(202) 555-0143',
      guestEmail: '',
      partySize: 2,
      startsAt: at(time),
      durationMinutes,
      tableIds,
    },
  });
  expect(res.json()).toHaveProperty('result.id');
  return res.json().result.id;
}

const names = async (query: string) => {
  const res = await t.call({ method: 'GET', url: `${base}/reservations?day=${saturday}&${query}`, token: owner });
  expect(res.statusCode).toBe(200);
  return res.json().result.map((r: { guestName: string }) => r.guestName);
};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  const venueId = (await t.call({ method: 'GET', url: '/api/Club/my-venues', token: owner })).json().result[0].id;
  base = `/api/Club/venues/${venueId}`;
  await replaceFloorPlan(t, venueId, LAYOUT);
  let day = addDays(zonedDay(t.clock.now, NY), 2);
  while (weekdayOf(day) !== 6) day = addDays(day, 1);
  saturday = day;
});
afterAll(() => t.close());

describe('the reservations list', () => {
  it('orders one time by table name, numbers as numbers, then by guest; pages follow one another', async () => {
    // Booked in an order that is none of the expected one.
    await book('Zoe Adams', '21:00', ['a']);
    await book('Eve Stone', '21:00', ['b']);
    const carl = await book('carl Diaz', '21:00', ['c']);
    // Cancelled, it lets the table go: a second reservation at the same time on the same table.
    expect((await t.call({ method: 'DELETE', url: `${base}/reservations/${carl}`, token: owner })).statusCode).toBe(
      200,
    );
    await book('Álvaro Ruiz', '21:00', ['c']);
    await book('Ann Moe', '23:00', ['a', 'b']);
    await book('Zed Ray', '23:00', ['c']);
    await book('Yan Li', '20:00', ['a'], 60);

    const expected = [
      'Yan Li', // 8:00 PM, before every 9:00 PM one whatever its table
      'Álvaro Ruiz', // Table 2; the accent and the small c are not what orders the two guests
      'carl Diaz',
      'Eve Stone', // Table 9
      'Zoe Adams', // Table 10
      'Zed Ray', // 11:00 PM: Table 2
      'Ann Moe', // Tables 10 and 9: by the first of them as read, Table 9
    ];
    expect(await names('perPage=50')).toEqual(expected);
    const pages = [
      ...(await names('perPage=3&page=1')),
      ...(await names('perPage=3&page=2')),
      ...(await names('perPage=3&page=3')),
    ];
    expect(pages).toEqual(expected);
    // A filter keeps the order.
    expect(await names('status=booked&perPage=50')).toEqual(expected.filter((n) => n !== 'carl Diaz'));
  });
});
