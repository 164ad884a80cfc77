/**
 * Closing days that already have bookings (src/domain/closures.ts): a business's exception
 * (USER and MOVER, /api/Availability/exceptions) and a venue's special date (CLUBOWNER,
 * /api/Club/venues/:id/special-dates). The dry run lists the bookings still to come that the
 * days would cover and writes nothing; the write without `affected` is refused with 409 and the
 * count; 'notify' mails each booked person with an address, 'keep' mails nobody, and both keep
 * the bookings. A special date in the past is refused with the form's message, and the schedule
 * lists none. Other roles 403, another business's venue 404. Bookings and reservations are
 * written straight into their tables: their own rules are their own tests' business.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { bookings, mailOutbox, reservations, users, venueSpecialDates } from '../../server/db/schema';
import { addDays, zonedDay, zonedTimeToInstant } from '../../src/domain/venue/opening-hours';
import { venueTables } from '../../server/modules/seating';
import { createTestApp, type TestApp } from './helpers/app';

const EXCEPTIONS = '/api/Availability/exceptions';
const ZONE = 'America/New_York';

let t: TestApp;
const token: Record<string, string> = {};
const businessOf: Record<string, string> = {};
let venueId: string;
let D: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['user', 'mover', 'clubowner', 'venueemployee', 'trucker']) {
    token[who] = (await t.login(`${who}@demo.test`)).access;
    const [row] = await t.db.database.db
      .select({ businessId: users.businessId })
      .from(users)
      .where(eq(users.email, `${who}@demo.test`));
    businessOf[who] = row!.businessId!;
  }
  venueId = (await call('GET', '/api/Club/my-venues', undefined, 'clubowner')).json().result[0].id;
  // Forty days ahead: clear of the seeded day off (two weeks ahead) and the seeded reservations.
  D = addDays(zonedDay(t.clock.now, ZONE), 40);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who = 'user') =>
  t.call({ method, url, token: token[who], ...(payload === undefined ? {} : { payload: payload as object }) });
const db = () => t.db.database.db;
/** An instant of a New York day at HH:MM. */
const at = (day: string, clock: string) =>
  new Date(zonedTimeToInstant(day, Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)), ZONE));
const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("a business's exception over its bookings", () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const book = async (name: string, email: string, day: string, from: string, to: string, status = 'confirmed') => {
      const [row] = await db()
        .insert(bookings)
        .values({
          businessId: businessOf.user!,
          customerName: name,
          customerEmail: email,
          startsAt: at(day, from),
          endsAt: at(day, to),
          status: status as 'confirmed',
        })
        .returning({ id: bookings.id });
      ids[name] = row!.id;
    };
    await book('Ada Lovelace', 'ada.closure@example.com', D, '10:00', '11:00');
    await book('Alan Turing', '', D, '15:00', '16:00');
    await book('Cancelled Carl', 'carl@example.com', D, '12:00', '13:00', 'cancelled');
    await book('Next Day Nora', 'nora@example.com', addDays(D, 1), '10:00', '11:00');
  });

  it('the dry run lists the bookings a closed day covers, soonest first, and writes nothing', async () => {
    const res = await call('POST', `${EXCEPTIONS}/affected`, { startDate: D, closed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.affected).toEqual([
      {
        id: ids['Ada Lovelace'],
        name: 'Ada Lovelace',
        startsAt: at(D, '10:00').toISOString(),
        endsAt: at(D, '11:00').toISOString(),
        hasEmail: true,
      },
      {
        id: ids['Alan Turing'],
        name: 'Alan Turing',
        startsAt: at(D, '15:00').toISOString(),
        endsAt: at(D, '16:00').toISOString(),
        hasEmail: false,
      },
    ]);
    // Other hours cover only the bookings outside them.
    const morning = await call('POST', `${EXCEPTIONS}/affected`, {
      startDate: D,
      closed: false,
      hours: [{ start: '09:00', end: '12:00' }],
    });
    expect(morning.json().result.affected.map((b: { name: string }) => b.name)).toEqual(['Alan Turing']);
    const listed = (await call('GET', `${EXCEPTIONS}?perPage=50`)).json().result as { startDate: string }[];
    expect(listed.some((e) => e.startDate === D)).toBe(false);
    // The dry run refuses bad input as the write does.
    const bad = await call('POST', `${EXCEPTIONS}/affected`, { startDate: 'soon', closed: true });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['startDate']);
  });

  it('the write without an answer is refused with the count; a wrong answer names the field', async () => {
    const res = await call('POST', EXCEPTIONS, { startDate: D, closed: true });
    expect(res.statusCode).toBe(409);
    const message = 'Bookings fall on these days (2): choose whether to tell them or keep them as they are';
    expect(res.json()).toEqual({ message, errors: { affected: message } });
    const wrong = await call('POST', EXCEPTIONS, { startDate: D, closed: true, affected: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual(['affected']);
    const listed = (await call('GET', `${EXCEPTIONS}?perPage=50`)).json().result as { startDate: string }[];
    expect(listed.some((e) => e.startDate === D)).toBe(false);
  });

  it("'keep' closes the day and mails nobody; 'notify' mails those with an address; the bookings stay", async () => {
    const kept = await call('POST', EXCEPTIONS, { startDate: D, closed: true, note: 'Inventory', affected: 'keep' });
    expect(kept.statusCode).toBe(200);
    expect(await mailsTo('ada.closure@example.com')).toHaveLength(0);
    expect((await call('DELETE', `${EXCEPTIONS}/${kept.json().result.id}`)).statusCode).toBe(200);

    const told = await call('POST', EXCEPTIONS, { startDate: D, closed: true, note: 'Inventory', affected: 'notify' });
    expect(told.statusCode).toBe(200);
    const mails = await mailsTo('ada.closure@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Bright Studio has changed its hours for your booking');
    expect(mails[0]!.text).toContain('Bright Studio will be closed on');
    expect(mails[0]!.text).toContain('(Inventory)');
    expect(mails[0]!.text).toMatch(/Your booking on \w+, \d\d\/\d\d\/\d{4}, 10:00 AM E[SD]T falls outside those hours/);
    expect(await mailsTo('nora@example.com')).toHaveLength(0);
    expect(await mailsTo('carl@example.com')).toHaveLength(0);
    const [ada] = await db().select().from(bookings).where(eq(bookings.id, ids['Ada Lovelace']!));
    expect(ada!.status).toBe('confirmed');
    // Closed now: the dry run of a day that covers nothing new lists nothing.
    const after = await call('POST', `${EXCEPTIONS}/affected`, { startDate: addDays(D, 2), closed: true });
    expect(after.json().result.affected).toEqual([]);
    expect((await call('DELETE', `${EXCEPTIONS}/${told.json().result.id}`)).statusCode).toBe(200);

    // From a Spanish page, the mail is the Spanish template's, with the same dates and times.
    const spanish = await t.call({
      method: 'POST',
      url: EXCEPTIONS,
      token: token.user,
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
      payload: { startDate: D, closed: true, note: 'Inventario', affected: 'notify' },
    });
    expect(spanish.statusCode).toBe(200);
    const es = (await mailsTo('ada.closure@example.com')).find((m) => m.subject.includes('ha cambiado su horario'));
    expect(es!.subject).toBe('Bright Studio ha cambiado su horario para tu reserva');
    expect(es!.text).toContain('Bright Studio estará cerrado el');
    expect(es!.text).toContain('(Inventario)');
    // The weekday is a Spanish word ("sábado", "miércoles"): \p{L}, not \w, which misses accented letters.
    expect(es!.text).toMatch(/Tu reserva del \p{L}+, \d\d\/\d\d\/\d{4}, 10:00 AM E[SD]T queda fuera de ese horario/u);
    expect((await call('DELETE', `${EXCEPTIONS}/${spanish.json().result.id}`)).statusCode).toBe(200);
  });

  it("reads only the caller's business; other roles are refused; signed out is 401", async () => {
    // The mover's business has none of these bookings.
    const mover = await call('POST', `${EXCEPTIONS}/affected`, { startDate: D, closed: true }, 'mover');
    expect(mover.statusCode).toBe(200);
    expect(mover.json().result.affected).toEqual([]);
    for (const who of ['clubowner', 'trucker'])
      expect((await call('POST', `${EXCEPTIONS}/affected`, { startDate: D, closed: true }, who)).statusCode).toBe(403);
    const anonymous = await t.call({
      method: 'POST',
      url: `${EXCEPTIONS}/affected`,
      payload: { startDate: D, closed: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("a venue's special date over its reservations", () => {
  const path = () => `/api/Club/venues/${venueId}/special-dates`;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // Every night 20:00 → 02:00.
    const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: 20 * 60, closesAt: 2 * 60 }));
    expect((await call('PUT', `/api/Club/venues/${venueId}/schedule`, { hours }, 'clubowner')).statusCode).toBe(200);
    const reserve = async (guestName: string, guestEmail: string, day: string, from: string, hours: number) => {
      const startsAt = at(day, from);
      const [row] = await db()
        .insert(reservations)
        .values({
          businessId: businessOf.clubowner!,
          venueId,
          guestName,
          guestEmail,
          partySize: 2,
          startsAt,
          endsAt: new Date(startsAt.getTime() + hours * 3_600_000),
          code: `CLOSE${guestName.replace(/\W/g, '')}${t.clock.now}`,
        })
        .returning({ id: reservations.id });
      ids[guestName] = row!.id;
    };
    await reserve('Grace Hopper', 'grace.closure@example.com', D, '21:00', 2);
    // After midnight, still the night of D.
    await reserve('Late Larry', '', addDays(D, 1), '00:30', 1);
    // The night before, running past midnight into D: not D's night.
    await reserve('Early Eve', 'eve@example.com', addDays(D, -1), '23:30', 2);
  });

  it('the dry run lists the reservations of the night, soonest first, and writes nothing', async () => {
    const res = await call(
      'POST',
      `${path()}/affected`,
      { date: D, closed: true, opensAt: null, closesAt: null },
      'clubowner',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.affected.map((r: { name: string; hasEmail: boolean }) => [r.name, r.hasEmail])).toEqual([
      ['Grace Hopper', true],
      ['Late Larry', false],
    ]);
    // Other hours, 20:00–23:30: the 21:00–23:00 stay fits, the one after midnight does not.
    const early = await call(
      'POST',
      `${path()}/affected`,
      { date: D, closed: false, opensAt: 20 * 60, closesAt: 23 * 60 + 30 },
      'clubowner',
    );
    expect(early.json().result.affected.map((r: { name: string }) => r.name)).toEqual(['Late Larry']);
    const listed = (await call('GET', `/api/Club/venues/${venueId}/schedule`, undefined, 'clubowner')).json().result;
    expect(listed.specialDates.some((s: { date: string }) => s.date === D)).toBe(false);
  });

  it("refuses without an answer (409, the count); 'notify' mails the guests with an address and keeps them", async () => {
    const body = { date: D, closed: true, opensAt: null, closesAt: null, note: 'Private event' };
    const res = await call('POST', path(), body, 'clubowner');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.affected).toBe(
      'Bookings fall on these days (2): choose whether to tell them or keep them as they are',
    );
    const told = await call('POST', path(), { ...body, affected: 'notify' }, 'clubowner');
    expect(told.statusCode).toBe(200);
    const mails = await mailsTo('grace.closure@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Blue Note Main Room has changed its hours for your reservation');
    expect(mails[0]!.text).toContain('Blue Note Main Room is closed on the night of');
    expect(mails[0]!.text).toContain('(Private event)');
    expect(mails[0]!.text).toMatch(/Your reservation on \w+, \d\d\/\d\d\/\d{4}, 9:00 PM falls outside those hours/);
    expect(await mailsTo('eve@example.com')).toHaveLength(0);
    const [grace] = await db().select().from(reservations).where(eq(reservations.id, ids['Grace Hopper']!));
    expect(grace!.status).toBe('booked');
    // 'keep' on the next night: no one there, so no answer was needed either way.
    const next = { date: addDays(D, 3), closed: true, opensAt: null, closesAt: null };
    expect((await call('POST', path(), next, 'clubowner')).statusCode).toBe(200);
  });

  it('refuses a date in the past (dry run and write, the form message) and lists none', async () => {
    const yesterday = addDays(zonedDay(t.clock.now, ZONE), -1);
    const body = { date: yesterday, closed: true, opensAt: null, closesAt: null };
    for (const url of [`${path()}/affected`, path()]) {
      const res = await call('POST', url, { ...body, affected: 'keep' }, 'clubowner');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ date: 'Choose today or a later date' });
    }
    // A past date already stored (from before this rule) is not listed.
    await db().insert(venueSpecialDates).values({ venueId, date: yesterday, closed: true, note: 'Old' });
    const listed = (await call('GET', `/api/Club/venues/${venueId}/schedule`, undefined, 'clubowner')).json().result;
    expect(listed.specialDates.every((s: { date: string }) => s.date >= addDays(yesterday, 1))).toBe(true);
    const stored = await db()
      .select()
      .from(venueSpecialDates)
      .where(and(eq(venueSpecialDates.venueId, venueId), gte(venueSpecialDates.date, yesterday)));
    expect(stored.some((s) => s.date === yesterday)).toBe(true);
  });

  it('a night closed while a table is being booked: never both, whichever commits first', async () => {
    // Both writes take the venue's reservation lock, and the booking reads the hours under it: the
    // closing either sees the new reservation (409 without an answer) or the booking sees the
    // closed night (400). Twenty nights, each raced once, both engines.
    const [table] = (await venueTables(db(), venueId)).filter((tb) => tb.isAvailable);
    const nights = Array.from({ length: 20 }, (_, i) => addDays(D, 10 + i));
    const outcomes = await Promise.all(
      nights.map((night) =>
        Promise.all([
          call('POST', path(), { date: night, closed: true, opensAt: null, closesAt: null }, 'clubowner'),
          call(
            'POST',
            `/api/Club/venues/${venueId}/reservations`,
            {
              guestName: 'Racing Rita',
              guestPhone: '(202) 555-0143',
              guestEmail: 'rita@example.com',
              partySize: 2,
              startsAt: at(night, '21:00').toISOString(),
              durationMinutes: 120,
              tableIds: [table!.id],
              notes: '',
            },
            'clubowner',
          ),
        ]),
      ),
    );
    for (const [closing, booking] of outcomes) {
      expect([closing.statusCode, booking.statusCode].sort()).toEqual(
        closing.statusCode === 200 ? [200, 400] : [200, 409],
      );
    }
  });

  it("other roles are refused; a venue not of the caller's business is 404", async () => {
    const body = { date: D, closed: true, opensAt: null, closesAt: null };
    for (const who of ['venueemployee', 'user'])
      expect((await call('POST', `${path()}/affected`, body, who)).statusCode).toBe(403);
    const other = await call(
      'POST',
      `/api/Club/venues/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/special-dates/affected`,
      body,
      'clubowner',
    );
    expect(other.statusCode).toBe(404);
  });
});
