/**
 * Reservations: list, one, create, edit, status, cancel, availability with the suggested table,
 * the floor plan's table states and future bookings per table — good input, each bad input,
 * other roles, an employee without the privilege and another business's venue refused — and
 * double booking proven impossible under 20 concurrent bookings of one table.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, reservations, teamMembers, users } from '../../server/db/schema';
import { tableOf } from '../../server/resources/tables';
import { PRIVILEGE_KEYS } from '../../src/domain/team';
import { addDays, weekdayOf, zonedDay, zonedTimeToInstant } from '../../src/domain/venue/opening-hours';
import { createTestApp, type TestApp } from './helpers/app';
import { floorTable, replaceFloorPlan } from './helpers/floor-plan';

const NY = 'America/New_York';
let t: TestApp;
let owner: string;
let employee: string;
let user: string;
let venueId: string;
let otherVenueId: string;
let saturday: string;
let base: string;

const LAYOUT = {
  width: 12,
  height: 8,
  walls: [],
  bars: [],
  zoom: 1,
  rotation: 0,
  seats: [
    floorTable('t2', 'T2', 2, 1),
    floorTable('t4', 'T4', 4, 3),
    floorTable('t6', 'T6', 6, 5),
    floorTable('t8', 'T8', 8, 7, false),
  ],
};

/** Saturday's night (20:00 → 04:00) at a local time, as an ISO instant. */
const at = (hhmm: string, day = saturday) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(zonedTimeToInstant(day, h * 60 + m, NY)).toISOString();
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, payload });

const good = (over: Record<string, unknown> = {}) => ({
  guestName: 'Ada Lovelace',
  guestPhone: '(202) 555-0143',
  guestEmail: 'ada@example.com',
  partySize: 3,
  startsAt: at('21:00'),
  durationMinutes: 120,
  tableIds: ['t4'],
  notes: 'Window, please',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  employee = (await t.login('venueemployee@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
  venueId = (await call('GET', '/api/Club/my-venues', owner)).json().result[0].id;
  base = `/api/Club/venues/${venueId}`;
  const db = t.db.database.db;
  await replaceFloorPlan(t, venueId, LAYOUT);
  const [other] = await db.insert(businesses).values({ companyName: 'Elsewhere' }).returning({ id: businesses.id });
  const venues = tableOf('venues');
  const [v] = await db
    .insert(venues)
    .values({ businessId: other!.id, name: 'Elsewhere Hall' })
    .returning({ id: venues.id });
  otherVenueId = v!.id as string;
  // Next Saturday at least two days ahead, in the business's zone.
  let day = addDays(zonedDay(t.clock.now, NY), 2);
  while (weekdayOf(day) !== 6) day = addDays(day, 1);
  saturday = day;
});
afterAll(() => t.close());

describe('booking', () => {
  let id: string;

  it('books a table, answers the reservation with its pass code and mails the guest the pass', async () => {
    const res = await call('POST', `${base}/reservations`, owner, good());
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r).toMatchObject({
      guestName: 'Ada Lovelace',
      guestPhone: '+12025550143',
      partySize: 3,
      durationMinutes: 120,
      status: 'booked',
      tableIds: ['t4'],
      startsAt: at('21:00'),
      endsAt: at('23:00'),
    });
    expect(r.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    id = r.id;
    const mail = t.mailLog.find((l) => l.includes('To: ada@example.com'));
    expect(mail).toBeDefined();
    const shown = `${r.code.slice(0, 4)}-${r.code.slice(4, 8)}-${r.code.slice(8)}`;
    expect(t.mailLog.join('\n')).toContain(shown);
    expect(t.mailLog.join('\n')).toMatch(/\/ticket\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);
  });

  it('refuses each bad field with its message', async () => {
    const bad = await call('POST', `${base}/reservations`, owner, {
      guestName: ' ',
      guestPhone: '123',
      guestEmail: 'nope',
      partySize: 0,
      startsAt: 'tomorrow',
      durationMinutes: 10,
      tableIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      guestName: 'Guest name is required',
      guestPhone: 'Enter a valid phone number',
      guestEmail: 'Enter a valid email address',
      partySize: 'Party size must be a whole number from 1 to 500',
      startsAt: 'Enter a valid date and time',
      durationMinutes: 'A stay lasts from 30 minutes to 12 hours',
      tableIds: 'Choose at least one table',
    });
    const long = await call('POST', `${base}/reservations`, owner, good({ durationMinutes: 721 }));
    expect(long.json().errors).toEqual({ durationMinutes: 'A stay lasts from 30 minutes to 12 hours' });
    const twice = await call('POST', `${base}/reservations`, owner, good({ tableIds: ['t2', 't2'] }));
    expect(twice.json().errors).toEqual({ tableIds: 'Each table can be chosen once' });
  });

  it('refuses the past, closed hours, unknown or closed tables and a party too big for the tables', async () => {
    const past = await call(
      'POST',
      `${base}/reservations`,
      owner,
      good({ startsAt: new Date(t.clock.now - 3600_000).toISOString() }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ startsAt: 'A reservation cannot start in the past' });
    // Saturday's night closes at 04:00: a stay from 03:00 to 05:00 runs past it.
    const late = await call(
      'POST',
      `${base}/reservations`,
      owner,
      good({ startsAt: at('03:00', addDays(saturday, 1)) }),
    );
    expect(late.json().errors).toEqual({
      startsAt: 'That night the venue is open 8:00 PM – 4:00 AM: the stay must fit within those hours',
    });
    // The demo venue keeps no Monday hours: that night is closed, and the refusal says so.
    const monday = addDays(saturday, 2);
    const [y, m, d] = monday.split('-');
    const closedNight = await call('POST', `${base}/reservations`, owner, good({ startsAt: at('21:00', monday) }));
    expect(closedNight.json().errors).toEqual({ startsAt: `The venue is closed on the night of ${m}/${d}/${y}` });
    // …while 01:00 to 03:00 on Sunday morning belongs to Saturday's night.
    const afterMidnight = await call(
      'POST',
      `${base}/reservations`,
      owner,
      good({ startsAt: at('01:00', addDays(saturday, 1)), tableIds: ['t6'], guestEmail: '' }),
    );
    expect(afterMidnight.statusCode).toBe(200);
    const unknown = await call('POST', `${base}/reservations`, owner, good({ tableIds: ['t99'] }));
    expect(unknown.json().errors).toEqual({ tableIds: 'Table t99 is not in the saved floor plan' });
    const closed = await call('POST', `${base}/reservations`, owner, good({ tableIds: ['t8'] }));
    expect(closed.json().errors).toEqual({ tableIds: 'Table T8 is not taking reservations' });
    const big = await call('POST', `${base}/reservations`, owner, good({ partySize: 7, tableIds: ['t2', 't4'] }));
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual({ partySize: 'A party of 7 does not fit: the chosen tables have 6 places' });
  });

  it('refuses a booking that would put more guests in the venue at once than its capacity', async () => {
    const venues = tableOf('venues');
    const db = t.db.database.db;
    const [{ capacity }] = (await db
      .select({ capacity: venues.capacity })
      .from(venues)
      .where(eq(venues.id, venueId))) as [{ capacity: number | null }];
    await db.update(venues).set({ capacity: 8 }).where(eq(venues.id, venueId));
    const made: string[] = [];
    try {
      const night = addDays(saturday, 7);
      const book = (over: Record<string, unknown>) =>
        call(
          'POST',
          `${base}/reservations`,
          owner,
          good({ guestEmail: '', ...over, startsAt: at(over.startsAt as string, night) }),
        );
      const first = await book({ startsAt: '21:00', partySize: 6, tableIds: ['t6'] });
      expect(first.statusCode).toBe(200);
      made.push(first.json().result.id);
      const over = await book({ startsAt: '22:00' });
      expect(over.statusCode).toBe(400);
      expect(over.json().errors).toEqual({
        partySize: 'The venue holds 8 guests at a time; with this booking it would have 9',
      });
      // When the first party has left, there is room again; editing the first is not counted against itself.
      const later = await book({ startsAt: '23:00' });
      expect(later.statusCode).toBe(200);
      made.push(later.json().result.id);
      const edited = await call(
        'PUT',
        `${base}/reservations/${first.json().result.id}`,
        owner,
        good({ startsAt: at('21:00', night), partySize: 5, tableIds: ['t6'], guestEmail: '' }),
      );
      expect(edited.statusCode).toBe(200);
    } finally {
      await db.update(venues).set({ capacity }).where(eq(venues.id, venueId));
      // The other tests count this venue's bookings.
      if (made.length) await db.delete(reservations).where(inArray(reservations.id, made));
    }
  });

  it('refuses a table already held at an overlapping time (409), and books it right after', async () => {
    const overlap = await call('POST', `${base}/reservations`, owner, good({ startsAt: at('22:30') }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toEqual({
      message: 'Table T4 is already booked at that time',
      errors: { tableIds: 'Table T4 is already booked at that time' },
    });
    const after = await call('POST', `${base}/reservations`, owner, good({ startsAt: at('23:00'), guestEmail: '' }));
    expect(after.statusCode).toBe(200);
  });

  it('reads one, lists by day, status and query (paged), and refuses bad filters', async () => {
    const one = await call('GET', `${base}/reservations/${id}`, owner);
    expect(one.json().result.id).toBe(id);
    expect((await call('GET', `${base}/reservations/${crypto.randomUUID()}`, owner)).statusCode).toBe(404);
    const night = await call('GET', `${base}/reservations?day=${saturday}&perPage=2`, owner);
    expect(night.statusCode).toBe(200);
    expect(night.json().result).toHaveLength(2);
    expect(JSON.parse(String(night.headers['paging-data']))).toMatchObject({ totalCount: 3 });
    const sunday = await call('GET', `${base}/reservations?day=${addDays(saturday, 1)}`, owner);
    expect(sunday.json().result).toHaveLength(0);
    const found = await call('GET', `${base}/reservations?query=lovelace&status=booked`, owner);
    expect(found.json().result).toHaveLength(3);
    const bad = await call('GET', `${base}/reservations?day=2026-13-45x&status=gone`, owner);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['day', 'status']);
  });

  it('refuses a night that is no calendar day, or none a night can be on, with 400 and never a 500', async () => {
    for (const day of ['2026-02-30', '9999-12-31', '0000-01-01']) {
      for (const url of [`${base}/reservations?day=${day}`, `${base}/availability?day=${day}`]) {
        const res = await call('GET', url, owner);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors, url).toEqual({ day: 'Enter a valid date' });
      }
    }
  });

  it('finds a guest by the phone typed as the list shows it, or any run of its digits', async () => {
    for (const typed of ['(202) 555-0143', '202-555-0143', '555-0143', '+1 202 555 0143']) {
      const found = await call('GET', `${base}/reservations?query=${encodeURIComponent(typed)}`, owner);
      expect(found.json().result, typed).toHaveLength(3);
    }
    // Digits inside words are no phone: 'T4 2025' finds nobody.
    expect((await call('GET', `${base}/reservations?query=T4%202025`, owner)).json().result).toHaveLength(0);
  });

  it('edits a booking under the same rules, leaving its own time out of the overlap check', async () => {
    const moved = await call(
      'PUT',
      `${base}/reservations/${id}`,
      owner,
      good({ startsAt: at('21:30'), durationMinutes: 90, partySize: 4 }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().result).toMatchObject({ partySize: 4, startsAt: at('21:30'), endsAt: at('23:00') });
    const clash = await call('PUT', `${base}/reservations/${id}`, owner, good({ startsAt: at('22:00') }));
    expect(clash.statusCode).toBe(409);
    const bad = await call('PUT', `${base}/reservations/${id}`, owner, good({ guestName: '' }));
    expect(bad.json().errors).toEqual({ guestName: 'Guest name is required' });
    expect((await call('PUT', `${base}/reservations/${crypto.randomUUID()}`, owner, good())).statusCode).toBe(404);
  });

  it('tells the guest by mail when the time, party or tables change and when it is cancelled, not for a note', async () => {
    const mailsTo = (to: string) => t.mailLog.filter((l) => l.includes(`To: ${to}`));
    const guest = { guestName: 'Grace Hopper', guestEmail: 'grace@example.com', tableIds: ['t6'], partySize: 2 };
    const made = await call('POST', `${base}/reservations`, owner, good({ ...guest, startsAt: at('20:00') }));
    expect(made.statusCode).toBe(200);
    const gid: string = made.json().result.id;
    expect(mailsTo('grace@example.com')).toHaveLength(1);

    const noted = await call(
      'PUT',
      `${base}/reservations/${gid}`,
      owner,
      good({ ...guest, startsAt: at('20:00'), notes: 'Birthday' }),
    );
    expect(noted.statusCode).toBe(200);
    expect(mailsTo('grace@example.com')).toHaveLength(1);

    await call('PUT', `${base}/reservations/${gid}`, owner, good({ ...guest, startsAt: at('20:30'), partySize: 3 }));
    const changed = mailsTo('grace@example.com').at(-1)!;
    expect(mailsTo('grace@example.com')).toHaveLength(2);
    expect(changed).toContain('has changed');
    expect(changed).toContain('for 3 on Saturday');
    expect(changed).toContain('8:30 PM');

    await call('DELETE', `${base}/reservations/${gid}`, owner);
    expect(mailsTo('grace@example.com')).toHaveLength(3);
    expect(mailsTo('grace@example.com').at(-1)).toContain('is cancelled');
  });

  it('suggests the smallest free table that fits, or a pair, saying why', async () => {
    const q = (party: number, time: string) =>
      call(
        'GET',
        `${base}/availability?day=${saturday}&partySize=${party}&startsAt=${encodeURIComponent(at(time))}&duration=120`,
        owner,
      );
    const two = (await q(2, '21:00')).json().result;
    expect(two.suggestion).toEqual({
      tableIds: ['t2'],
      places: 2,
      reason: 'The smallest table free at that time with room for 2 (2 places)',
    });
    // T4 is held from 21:30: a party of 3 at 21:00 gets T6.
    expect((await q(3, '21:00')).json().result.suggestion.tableIds).toEqual(['t6']);
    const eight = (await q(8, '20:00')).json().result;
    expect(eight.suggestion).toEqual({
      tableIds: ['t2', 't6'],
      places: 8,
      reason: 'No single free table seats 8; these two together have 8 places',
    });
    expect((await q(20, '20:00')).json().result.suggestion).toEqual({
      tableIds: [],
      places: 0,
      reason: 'No free table or pair of tables seats 20 at that time',
    });
    const t4 = two.tables.find((x: { id: string }) => x.id === 't4');
    expect(t4.busy.map((b: { startsAt: string }) => b.startsAt)).toEqual([at('21:30'), at('23:00')]);
    expect(t4.free).toEqual([
      { start: at('20:00'), end: at('21:30') },
      { start: at('01:00', addDays(saturday, 1)), end: at('04:00', addDays(saturday, 1)) },
    ]);
    expect(two.night).toEqual({ start: at('20:00'), end: at('04:00', addDays(saturday, 1)) });
    const bad = await call('GET', `${base}/availability?day=x&partySize=0&duration=5`, owner);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['day', 'duration', 'partySize']);
  });

  it("opens on the venue's night (at 1:30 AM Sunday, Saturday's) and suggests no table for a past or closed time", async () => {
    const enc = (day: string, time: string) => encodeURIComponent(at(time, day));
    const monday = addDays(saturday, 2);
    const [y, m, d] = monday.split('-');
    const closed = await call(
      'GET',
      `${base}/availability?day=${monday}&partySize=2&startsAt=${enc(monday, '21:00')}`,
      owner,
    );
    expect(closed.json().result.suggestion).toEqual({
      tableIds: [],
      places: 0,
      reason: `The venue is closed on the night of ${m}/${d}/${y}`,
    });
    const before = t.clock.now;
    t.clock.now = Date.parse(at('01:30', addDays(saturday, 1)));
    try {
      const late = (await t.login('clubowner@demo.test')).access;
      const tonight = (await call('GET', `${base}/availability`, late)).json().result;
      expect(tonight.day).toBe(saturday);
      // From Saturday's 6 AM cutover (Friday's night closed at 3 AM) to Sunday's.
      expect(tonight.window).toEqual({ start: at('06:00'), end: at('06:00', addDays(saturday, 1)) });
      const past = await call(
        'GET',
        `${base}/availability?day=${saturday}&partySize=2&startsAt=${enc(saturday, '21:00')}`,
        late,
      );
      expect(past.json().result.suggestion).toEqual({
        tableIds: [],
        places: 0,
        reason: 'A reservation cannot start in the past',
      });
      // Later the same night a table is still offered.
      const still = await call(
        'GET',
        `${base}/availability?partySize=2&startsAt=${enc(addDays(saturday, 1), '02:00')}&duration=60`,
        late,
      );
      expect(still.json().result.suggestion.tableIds).toHaveLength(1);
    } finally {
      t.clock.now = before;
    }
  });

  it('moves through seated and paid (or no-show) and shows each as the table state', async () => {
    const states = async (time: string) =>
      Object.fromEntries(
        (await call('GET', `${base}/table-states?at=${encodeURIComponent(at(time))}`, owner))
          .json()
          .result.map((s: { tableId: string; state: string }) => [s.tableId, s.state]),
      );
    expect(await states('22:00')).toEqual({ t2: 'free', t4: 'reserved', t6: 'free', t8: 'free' });
    const paid = await call('PATCH', `${base}/reservations/${id}/status`, owner, { status: 'paid' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe("This status cannot follow the reservation's current status");
    expect((await call('PATCH', `${base}/reservations/${id}/status`, owner, { status: 'seated' })).statusCode).toBe(
      200,
    );
    expect((await states('22:00')).t4).toBe('seated');
    expect(
      (await call('PATCH', `${base}/reservations/${id}/status`, owner, { status: 'paid' })).json().result.status,
    ).toBe('paid');
    expect((await states('22:00')).t4).toBe('paid');
    const edit = await call('PUT', `${base}/reservations/${id}`, owner, good({ startsAt: at('21:30') }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This reservation is cancelled, paid or a no-show and can no longer be changed');
    const bad = await call('PATCH', `${base}/reservations/${id}/status`, owner, { status: 'cancelled' });
    expect(bad.json().errors).toEqual({ status: 'Choose one of the listed values' });
  });

  it('cancels (kept as cancelled, the table free again) and counts future bookings per table', async () => {
    const upcoming = await call('GET', `${base}/upcoming-by-table`, owner);
    expect(upcoming.json().result).toEqual([
      { tableId: 't4', count: 2 },
      { tableId: 't6', count: 1 },
    ]);
    const late = (await call('GET', `${base}/reservations?day=${saturday}&query=lovelace`, owner)).json().result;
    const last = late.find((r: { startsAt: string }) => r.startsAt === at('23:00'));
    const cancelled = await call('DELETE', `${base}/reservations/${last.id}`, owner);
    expect(cancelled.json().result.status).toBe('cancelled');
    expect((await call('DELETE', `${base}/reservations/${last.id}`, owner)).statusCode).toBe(409);
    expect((await call('GET', `${base}/reservations/${last.id}`, owner)).json().result.status).toBe('cancelled');
    const again = await call('POST', `${base}/reservations`, owner, good({ startsAt: at('23:00'), guestEmail: '' }));
    expect(again.statusCode).toBe(200);
    const noShow = await call('PATCH', `${base}/reservations/${again.json().result.id}/status`, owner, {
      status: 'no_show',
    });
    expect(noShow.json().result.status).toBe('no_show');
    expect((await call('GET', `${base}/upcoming-by-table`, owner)).json().result).toEqual([
      { tableId: 't4', count: 1 },
      { tableId: 't6', count: 1 },
    ]);
  });
});

describe('access', () => {
  const routes = () =>
    [
      ['GET', `${base}/reservations`],
      ['POST', `${base}/reservations`],
      ['GET', `${base}/availability?day=${saturday}`],
      ['GET', `${base}/table-states`],
      ['GET', `${base}/upcoming-by-table`],
    ] as const;

  it('the venue employee with the privilege works on the reservations', async () => {
    const res = await call(
      'POST',
      `${base}/reservations`,
      employee,
      good({ startsAt: at('20:00'), tableIds: ['t2'], partySize: 2 }),
    );
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `${base}/table-states`, employee)).statusCode).toBe(200);
  });

  it('refuses other roles and an employee without the privilege; another business venue is 404', async () => {
    for (const [method, url] of routes()) {
      expect((await call(method, url, user, method === 'POST' ? good() : undefined)).statusCode).toBe(403);
      const other = await call(
        method,
        url.replace(venueId, otherVenueId),
        owner,
        method === 'POST' ? good() : undefined,
      );
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('This venue does not exist');
    }
    const db = t.db.database.db;
    const [emp] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'venueemployee@demo.test'));
    await db
      .update(teamMembers)
      .set({ privileges: ['qrVerification'] })
      .where(eq(teamMembers.userId, emp!.id));
    const fresh = (await t.login('venueemployee@demo.test')).access;
    for (const [method, url] of routes()) {
      const res = await call(method, url, fresh, method === 'POST' ? good() : undefined);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your team privileges do not include this screen');
    }
    await db
      .update(teamMembers)
      .set({ privileges: [...PRIVILEGE_KEYS] })
      .where(eq(teamMembers.userId, emp!.id));
  });
});

describe('double booking', () => {
  it('20 concurrent bookings of one table at one time: exactly one succeeds, the others get 409', async () => {
    const sunday = addDays(saturday, 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', `${base}/reservations`, i % 2 ? owner : employee, {
          ...good({ guestName: `Racer ${i}`, guestEmail: '', tableIds: ['t6'], partySize: 2 }),
          startsAt: at(i % 2 ? '19:00' : '19:30', sunday),
          durationMinutes: 180,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe('Table T6 is already booked at that time');
    const held = (await call('GET', `${base}/reservations?day=${sunday}`, owner)).json().result;
    expect(held).toHaveLength(1);
  });
});
