/**
 * The venue area's own routes: the venue picker, opening hours and special dates, the
 * business's time zone — good input, each bad input, other roles and other businesses refused.
 * Venues themselves are a declared resource (the engine's tests cover its CRUD).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, reservations } from '../../server/db/schema';
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let owner: string;
let employee: string;
let user: string;
let venueId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  employee = (await t.login('venueemployee@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, payload });

describe('venues', () => {
  it('the owner and the venue employee list the business venues; other roles are refused', async () => {
    const mine = await call('GET', '/api/Club/my-venues', owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result).toEqual([{ id: expect.any(String), name: 'Blue Note Main Room' }]);
    venueId = mine.json().result[0].id;
    expect((await call('GET', '/api/Club/my-venues', employee)).json().result).toEqual(mine.json().result);
    expect((await call('GET', '/api/Club/my-venues', user)).statusCode).toBe(403);
  });

  it('creates a venue through the declared resource, with the same rules in the form and the API', async () => {
    const bad = await call('POST', '/api/Club/venues', owner, { name: 'X', capacity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['capacity', 'name']);
    const made = await call('POST', '/api/Club/venues', owner, { name: 'Rooftop', capacity: 60 });
    expect(made.statusCode).toBe(200);
    const names = (await call('GET', '/api/Club/my-venues', owner)).json().result.map((v: { name: string }) => v.name);
    expect(names).toEqual(['Blue Note Main Room', 'Rooftop']);
  });

  it('is not deleted while it has upcoming reservations or events; past and cancelled ones do not hold it', async () => {
    const made = await call('POST', '/api/Club/venues', owner, { name: 'Pop-up', capacity: 40 });
    const id: string = made.json().result.id;
    const businessId: string = made.json().result.businessId;
    const db = t.db.database.db;
    const at = (hours: number) => new Date(t.clock.now + hours * 3_600_000);
    const booking = { businessId, venueId: id, guestName: 'Ana', partySize: 2, code: `VDEL${Date.now()}` };
    await db.insert(reservations).values({ ...booking, startsAt: at(-30), endsAt: at(-28), code: `${booking.code}P` });
    const [upcoming] = await db
      .insert(reservations)
      .values({ ...booking, startsAt: at(24), endsAt: at(26) })
      .returning();
    const [show] = await db
      .insert(events)
      .values({ businessId, venueId: id, name: 'Opening', startsAt: at(48), endsAt: at(52) })
      .returning();

    const first = await call('DELETE', `/api/Club/venues/${id}`, owner);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(
      'This venue has upcoming reservations (1). Cancel them before deleting the venue',
    );
    await db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, upcoming!.id));
    const second = await call('DELETE', `/api/Club/venues/${id}`, owner);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This venue has upcoming events (1). Cancel them before deleting the venue');
    await db.update(events).set({ status: 'cancelled' }).where(eq(events.id, show!.id));
    expect((await call('DELETE', `/api/Club/venues/${id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/Club/venues/${id}`, owner)).statusCode).toBe(404);
  });
});

describe('opening hours', () => {
  it('reads the week and the special dates in the business time zone', async () => {
    const res = await call('GET', `/api/Club/venues/${venueId}/schedule`, owner);
    expect(res.statusCode).toBe(200);
    const body = res.json().result;
    expect(body.timeZone).toBe('America/New_York');
    expect(body.hours.map((h: { weekday: number }) => h.weekday)).toEqual([0, 3, 4, 5, 6]);
    expect(body.hours.find((h: { weekday: number }) => h.weekday === 6)).toEqual({
      weekday: 6,
      opensAt: 1200,
      closesAt: 240,
    });
  });

  it('replaces the week as a whole; bad input names the field and changes nothing', async () => {
    const path = `/api/Club/venues/${venueId}/schedule`;
    const twice = await call('PUT', path, owner, {
      hours: [
        { weekday: 1, opensAt: 600, closesAt: 1200 },
        { weekday: 1, opensAt: 700, closesAt: 1300 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ hours: 'Each weekday can have one set of hours' });
    const same = await call('PUT', path, owner, { hours: [{ weekday: 1, opensAt: 600, closesAt: 600 }] });
    expect(same.json().errors).toEqual({ 'hours.0.closesAt': 'Closing time must differ from opening time' });
    const late = await call('PUT', path, owner, { hours: [{ weekday: 1, opensAt: 600, closesAt: 1440 }] });
    expect(late.json().errors).toEqual({ 'hours.0.closesAt': 'Enter a time between 00:00 and 23:59' });
    expect((await call('GET', path, owner)).json().result.hours).toHaveLength(5);

    const saved = await call('PUT', path, owner, {
      hours: [
        { weekday: 5, opensAt: 1260, closesAt: 180 },
        { weekday: 6, opensAt: 1260, closesAt: 240 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.hours.map((h: { weekday: number }) => h.weekday)).toEqual([5, 6]);
  });

  it('adds a closed date and a date with other hours, once each; removes one', async () => {
    const path = `/api/Club/venues/${venueId}/special-dates`;
    const missing = await call('POST', path, owner, {
      date: '2099-12-24',
      closed: false,
      opensAt: null,
      closesAt: null,
    });
    expect(missing.json().errors).toEqual({ opensAt: 'Enter opening and closing times, or mark the day closed' });
    const badDay = await call('POST', path, owner, {
      date: '2099-02-31x',
      closed: true,
      opensAt: null,
      closesAt: null,
    });
    expect(badDay.json().errors).toEqual({ date: 'Enter a valid date' });
    const closed = await call('POST', path, owner, {
      date: '2099-12-24',
      closed: true,
      opensAt: null,
      closesAt: null,
      note: 'Christmas Eve',
    });
    expect(closed.statusCode).toBe(200);
    const again = await call('POST', path, owner, { date: '2099-12-24', closed: true, opensAt: null, closesAt: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ date: 'This date already has special hours' });
    const nye = await call('POST', path, owner, { date: '2099-12-31', closed: false, opensAt: 1200, closesAt: 360 });
    expect(nye.json().result).toMatchObject({ date: '2099-12-31', opensAt: 1200, closesAt: 360, note: '' });
    const listed = (await call('GET', `/api/Club/venues/${venueId}/schedule`, owner)).json().result.specialDates;
    expect(listed.map((s: { date: string }) => s.date)).toEqual(['2099-12-24', '2099-12-31']);
    expect((await call('DELETE', `${path}/${closed.json().result.id}`, owner)).statusCode).toBe(200);
    expect((await call('DELETE', `${path}/${closed.json().result.id}`, owner)).statusCode).toBe(404);
  });

  it("refuses other roles and answers 404 for a venue that is not the caller's", async () => {
    expect((await call('GET', `/api/Club/venues/${venueId}/schedule`, employee)).statusCode).toBe(403);
    expect((await call('GET', `/api/Club/venues/${venueId}/schedule`, user)).statusCode).toBe(403);
    const other = await call('GET', `/api/Club/venues/${crypto.randomUUID()}/schedule`, owner);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This venue does not exist');
    const malformed = await call('GET', '/api/Club/venues/not-a-uuid/schedule', owner);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ venueId: MESSAGES.idInvalid });
  });
});

describe('time zone', () => {
  it('accepts an IANA zone and refuses anything else', async () => {
    const bad = await call('PATCH', '/api/Business/time-zone', owner, { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ timeZone: 'Choose a time zone from the list' });
    const ok = await call('PATCH', '/api/Business/time-zone', owner, { timeZone: 'Europe/Madrid' });
    expect(ok.json().result).toEqual({ timeZone: 'Europe/Madrid' });
    expect((await call('GET', `/api/Club/venues/${venueId}/schedule`, owner)).json().result.timeZone).toBe(
      'Europe/Madrid',
    );
    expect((await call('PATCH', '/api/Business/time-zone', employee, { timeZone: 'UTC' })).statusCode).toBe(403);
    // A venue employee reads it: the door and reservation screens show the venue's clock.
    expect((await call('GET', '/api/Business/time-zone', employee)).json().result).toEqual({
      timeZone: 'Europe/Madrid',
    });
  });
});
