/**
 * The door check (qr_verification) and the guest's ticket page: admit by the scanned QR's token
 * and by the typed code; already used, with who and when; refused for each reason (forged QR,
 * another business's pass, another venue, cancelled reservation, ticket or event, wrong day);
 * the roles and the privilege; and 20 doors scanning one pass at once admit it exactly once.
 * Passes are inserted directly: the reservations and events areas have their own tests.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  eventTickets,
  eventTicketTypes,
  events,
  reservations,
  teamMembers,
  users,
  venueSpecialDates,
} from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { passLink, passToken, type Pass } from '../../server/modules/reservations/door-pass';
import { onVenueEvent, type VenueEvent } from '../../server/modules/venue/venue-events';
import { tableOf } from '../../server/resources/tables';
import { formatPassCode, newPassCode } from '../../src/domain/reservations/pass-code';
import { PRIVILEGE_KEYS } from '../../src/domain/team';
import type { HubEvent } from '../../server/hub/types';
import { createTestApp, type TestApp } from './helpers/app';

/** Friday 11/27/2026, 10:00 PM in New York (the venue is open 8 PM – 3 AM that night). */
const FRIDAY_10PM = Date.parse('2026-11-28T03:00:00Z');
const HOUR = 3_600_000;

let t: TestApp;
let owner: string;
let employee: string;
let user: string;
let businessId: string;
let venueId: string;
let ownerId: string;
const heard: VenueEvent[] = [];
const published: HubEvent[] = [];

beforeAll(async () => {
  // Sessions outlast the clock moves between nights below.
  t = await createTestApp({
    rateLimit: { enabled: false },
    appUrl: 'https://club.example',
    accessTokenTtlSeconds: 7 * 24 * 3600,
  });
  t.clock.now = FRIDAY_10PM;
  const o = await t.login('clubowner@demo.test');
  owner = o.access;
  businessId = o.res.json().result.business.id;
  employee = (await t.login('venueemployee@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
  venueId = (await t.call({ method: 'GET', url: '/api/Club/my-venues', token: owner })).json().result[0].id;
  const [me] = await t.db.database.db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
  ownerId = me!.id;
  onVenueEvent(t.app, async (_app, _tx, event) => {
    heard.push(event);
  });
  const publish = t.app.ctx.hub.publish.bind(t.app.ctx.hub);
  t.app.ctx.hub.publish = (event) => {
    published.push(event);
    return publish(event);
  };
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = FRIDAY_10PM;
});

const db = () => t.db.database.db;
const newCode = () => newPassCode((n) => randomBytes(n));

async function reservation(values: Partial<typeof reservations.$inferInsert> = {}) {
  const startsAt = values.startsAt ?? new Date(FRIDAY_10PM + HOUR / 2);
  const [row] = await db()
    .insert(reservations)
    .values({
      businessId,
      venueId,
      guestName: 'Rosa Díaz',
      partySize: 4,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR),
      code: newCode(),
      createdBy: ownerId,
      ...values,
    })
    .returning();
  return row!;
}

async function ticket(options: { eventStatus?: string; status?: string; startsAt?: Date } = {}) {
  const startsAt = options.startsAt ?? new Date(FRIDAY_10PM - HOUR);
  const [event] = await db()
    .insert(events)
    .values({
      businessId,
      venueId,
      name: 'Late Jazz',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 4 * HOUR),
      status: options.eventStatus ?? 'scheduled',
    })
    .returning();
  const [type] = await db()
    .insert(eventTicketTypes)
    .values({ eventId: event!.id, name: 'General admission', priceCents: 2500, quantity: 100 })
    .returning();
  const [row] = await db()
    .insert(eventTickets)
    .values({
      businessId,
      eventId: event!.id,
      ticketTypeId: type!.id,
      guestName: 'Ben Ortiz',
      guestEmail: 'ben@example.com',
      code: newCode(),
      priceCents: 2500,
      status: options.status ?? 'valid',
    })
    .returning();
  return row!;
}

const token = (pass: Pass) => passToken(t.app, pass);
const redeem = (payload: object, as = owner) =>
  t.call({ method: 'POST', url: '/api/Club/door/redeem', token: as, payload });

describe('redeeming a pass', () => {
  it('admits a reservation by its scanned token, then answers already used, by whom and when', async () => {
    const r = await reservation();
    const scanned = await passLink(t.app, null, { kind: 'reservation', code: r.code });
    expect(scanned).toMatch(/^https:\/\/club\.example\/ticket\/[\w-]+\.[\w-]+$/);
    const first = await redeem({ token: scanned, venueId });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toEqual({
      state: 'admitted',
      reason: null,
      pass: {
        kind: 'reservation',
        id: r.id,
        guestName: 'Rosa Díaz',
        partySize: 4,
        ticketType: null,
        eventName: null,
        venueId,
        venueName: 'Blue Note Main Room',
        startsAt: r.startsAt.toISOString(),
      },
      admittedAt: new Date(FRIDAY_10PM).toISOString(),
      admittedBy: 'Carla Owner',
      night: null,
    });
    const redeemed = heard.find((e) => e.type === 'ticket.redeemed' && e.data.id === r.id);
    expect(redeemed).toMatchObject({ businessId, data: { kind: 'reservation', venueId, admittedBy: 'Carla Owner' } });
    expect(JSON.stringify(redeemed)).not.toContain(r.code);
    // Every open door screen of the business hears of it (ids only) and re-reads its list.
    const live = () => published.filter((e) => e.kind === 'records' && e.resource === 'door-admissions');
    expect(live()).toEqual([
      { kind: 'records', resource: 'door-admissions', action: 'created', ids: [r.id], businessIds: [businessId] },
    ]);

    t.clock.advance(60_000);
    const again = await redeem({ code: r.code }, employee);
    expect(again.json().result).toMatchObject({
      state: 'alreadyUsed',
      reason: null,
      pass: { id: r.id, guestName: 'Rosa Díaz' },
      admittedAt: new Date(FRIDAY_10PM).toISOString(),
      admittedBy: 'Carla Owner',
    });
    expect(heard.filter((e) => e.type === 'ticket.redeemed' && e.data.id === r.id)).toHaveLength(1);
    expect(live()).toHaveLength(1);
  });

  it('seats the admitted guest: the reservation reads seated everywhere, once; a ticket changes nothing', async () => {
    const r = await reservation();
    const reservationsLive = () =>
      published.filter((e) => e.kind === 'records' && e.resource === 'reservations' && e.ids?.includes(r.id));
    const first = await redeem({ code: r.code });
    expect(first.json().result.state).toBe('admitted');
    const [row] = await db().select().from(reservations).where(eq(reservations.id, r.id));
    expect(row!.status).toBe('seated');
    expect(heard.filter((e) => e.type === 'reservation.changed' && e.data.id === r.id)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ status: 'seated' }) }),
    ]);
    expect(reservationsLive()).toHaveLength(1);
    // The screen's own read says so.
    const shown = await t.call({
      method: 'GET',
      url: `/api/Club/venues/${venueId}/reservations/${r.id}`,
      token: owner,
    });
    expect(shown.json().result.status).toBe('seated');
    // A second scan seats nothing again; a party the staff already seated keeps its status.
    await redeem({ code: r.code });
    expect(reservationsLive()).toHaveLength(1);
    const paid = await reservation({ status: 'paid' });
    expect((await redeem({ code: paid.code })).json().result.state).toBe('admitted');
    const [after] = await db().select().from(reservations).where(eq(reservations.id, paid.id));
    expect(after!.status).toBe('paid');
  });

  it('admits by the typed code however it is typed (spaces, dashes, lower case, O for 0)', async () => {
    const r = await reservation({ code: 'K7QDM2XP90' });
    const typed = ' k7qd m2xp-9o ';
    const res = await redeem({ code: typed }, employee);
    expect(res.json().result).toMatchObject({ state: 'admitted', pass: { id: r.id }, admittedBy: 'Victor Staff' });
    expect(formatPassCode(typed)).toBe('K7QD-M2XP-90');
  });

  it('admits an event ticket with its type and event', async () => {
    const tk = await ticket();
    const res = await redeem({ token: await token({ kind: 'ticket', code: tk.code }) });
    expect(res.json().result).toMatchObject({
      state: 'admitted',
      pass: {
        kind: 'ticket',
        id: tk.id,
        guestName: 'Ben Ortiz',
        ticketType: 'General admission',
        eventName: 'Late Jazz',
        partySize: null,
      },
    });
  });

  it('admits a guest after midnight on the night of the reservation, and on a late night the venue hours extend', async () => {
    const r = await reservation({ startsAt: new Date(FRIDAY_10PM + 1.5 * HOUR) });
    t.clock.now = FRIDAY_10PM + 4 * HOUR; // 2:00 AM Saturday: still Friday's night
    expect((await redeem({ code: r.code })).json().result.state).toBe('admitted');
    // Booked 10:30 PM on 11/27, at the door at 1:30 AM on 11/28: Friday night, admitted.
    const late = await reservation({ startsAt: new Date(FRIDAY_10PM + HOUR / 2) });
    t.clock.now = FRIDAY_10PM + 3.5 * HOUR;
    expect((await redeem({ code: late.code })).json().result).toMatchObject({ state: 'admitted', night: null });

    // Saturday 11/28 the venue stays open until 8 AM; a guest booked for 11 PM arrives at 7 AM.
    await db()
      .insert(venueSpecialDates)
      .values({ venueId, date: '2026-11-28', closed: false, opensAt: 20 * 60, closesAt: 8 * 60 });
    const saturday = await reservation({ startsAt: new Date(FRIDAY_10PM + 25 * HOUR) });
    t.clock.now = FRIDAY_10PM + 33 * HOUR;
    expect((await redeem({ code: saturday.code })).json().result.state).toBe('admitted');
  });

  it('refuses a forged or tampered QR without looking further', async () => {
    const r = await reservation();
    const good = await token({ kind: 'reservation', code: r.code });
    const [body, mac] = good.split('.');
    const tampered = `${Buffer.from(`r${newCode()}`).toString('base64url')}.${mac}`;
    for (const forged of [tampered, `${body}.${'A'.repeat(22)}`, 'not-a-token', `${body}`]) {
      expect((await redeem({ token: forged })).json().result).toEqual({
        state: 'refused',
        reason: 'forged',
        pass: null,
        admittedAt: null,
        admittedBy: null,
        night: null,
      });
    }
    expect((await redeem({ code: r.code })).json().result.state).toBe('admitted');
  });

  it('refuses an unknown code and another business pass alike, revealing nothing', async () => {
    const otherBusiness = await createBusiness(db(), 'Other Club');
    const [otherVenue] = await db()
      .insert(tableOf('venues'))
      .values({ businessId: otherBusiness, name: 'Elsewhere' })
      .returning();
    const theirs = await reservation({ businessId: otherBusiness, venueId: (otherVenue as { id: string }).id });
    const refusedNothing = {
      state: 'refused',
      reason: 'notThisVenue',
      pass: null,
      admittedAt: null,
      admittedBy: null,
      night: null,
    };
    expect((await redeem({ code: theirs.code })).json().result).toEqual(refusedNothing);
    expect((await redeem({ token: await token({ kind: 'reservation', code: theirs.code }) })).json().result).toEqual(
      refusedNothing,
    );
    expect((await redeem({ code: newCode() })).json().result).toEqual(refusedNothing);
    expect((await redeem({ code: 'hello' })).json().result).toEqual(refusedNothing);
    // Nothing was written for their pass.
    const [again] = await db().select().from(reservations).where(eq(reservations.id, theirs.id));
    expect(again!.status).toBe('booked');
    expect((await redeem({ code: theirs.code })).json().result.state).toBe('refused');
  });

  it('refuses a pass of another venue of the business, naming the pass', async () => {
    const [rooftop] = await db().insert(tableOf('venues')).values({ businessId, name: 'Rooftop' }).returning();
    const r = await reservation({ venueId: (rooftop as { id: string }).id });
    const res = (await redeem({ code: r.code, venueId })).json().result;
    expect(res).toMatchObject({ state: 'refused', reason: 'otherVenue', pass: { id: r.id, venueName: 'Rooftop' } });
  });

  it('refuses cancelled reservations, cancelled tickets and tickets of a cancelled event', async () => {
    const r = await reservation({ status: 'cancelled' });
    expect((await redeem({ code: r.code })).json().result).toMatchObject({ state: 'refused', reason: 'cancelled' });
    const voided = await ticket({ status: 'cancelled' });
    expect((await redeem({ code: voided.code })).json().result).toMatchObject({
      state: 'refused',
      reason: 'cancelled',
    });
    const called = await ticket({ eventStatus: 'cancelled' });
    expect((await redeem({ token: await token({ kind: 'ticket', code: called.code }) })).json().result).toMatchObject({
      state: 'refused',
      reason: 'eventCancelled',
      pass: { eventName: 'Late Jazz' },
    });
  });

  it("refuses a reservation or ticket of another of the venue's nights, saying which night and from when", async () => {
    const monday = new Date(FRIDAY_10PM + 72 * HOUR);
    const r = await reservation({ startsAt: monday });
    expect((await redeem({ code: r.code })).json().result).toMatchObject({
      state: 'refused',
      reason: 'wrongNight',
      pass: { startsAt: monday.toISOString() },
      // Monday 11/30's night; the venue keeps no Monday hours, so from the pass's own time.
      night: { day: '2026-11-30', from: monday.toISOString(), over: false },
    });
    // Saturday's 11 PM table, at the door on Friday: Saturday night, from its 8 PM opening.
    const saturday = await reservation({ startsAt: new Date(FRIDAY_10PM + 25 * HOUR) });
    expect((await redeem({ code: saturday.code })).json().result.night).toEqual({
      day: '2026-11-28',
      from: new Date(FRIDAY_10PM + 22 * HOUR).toISOString(),
      over: false,
    });
    const yesterday = await ticket({ startsAt: new Date(FRIDAY_10PM - 26 * HOUR) });
    expect((await redeem({ code: yesterday.code })).json().result).toMatchObject({
      state: 'refused',
      reason: 'wrongNight',
      night: { day: '2026-11-26', over: true },
    });
    // Friday's 11 PM guest at 6:30 AM Saturday: Friday night is over.
    const friday = await reservation({ startsAt: new Date(FRIDAY_10PM + HOUR) });
    t.clock.now = FRIDAY_10PM + 8.5 * HOUR;
    expect((await redeem({ code: friday.code })).json().result).toMatchObject({
      reason: 'wrongNight',
      night: { day: '2026-11-27', over: true },
    });
    // The refusal wrote nothing: on its day the pass is admitted.
    t.clock.now = monday.getTime();
    expect((await redeem({ code: r.code })).json().result.state).toBe('admitted');
  });

  it('answers 400 naming the field for a missing or malformed pass', async () => {
    const none = await redeem({});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ code: 'Scan a QR code or type the pass code' });
    const blank = await redeem({ code: '   ', token: '' });
    expect(blank.statusCode).toBe(400);
    const bad = await redeem({ code: 'x'.repeat(41), venueId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'venueId']);
  });
});

describe('who may use the door', () => {
  it('refuses users, and a venue employee without the qrVerification privilege', async () => {
    const r = await reservation();
    expect((await redeem({ code: r.code }, user)).statusCode).toBe(403);
    expect((await redeem({ code: r.code })).statusCode).toBe(200);
    const [staff] = await db().select().from(users).where(eq(users.email, 'venueemployee@demo.test'));
    const without = PRIVILEGE_KEYS.filter((p) => p !== 'qrVerification');
    await db().update(teamMembers).set({ privileges: without }).where(eq(teamMembers.userId, staff!.id));
    try {
      expect((await redeem({ code: r.code }, employee)).statusCode).toBe(403);
      const list = await t.call({
        method: 'GET',
        url: `/api/Club/door/admissions?venueId=${venueId}`,
        token: employee,
      });
      expect(list.statusCode).toBe(403);
    } finally {
      await db().update(teamMembers).set({ privileges: PRIVILEGE_KEYS }).where(eq(teamMembers.userId, staff!.id));
    }
    expect((await redeem({ code: r.code }, employee)).json().result.state).toBe('alreadyUsed');
  });
});

describe('two doors at once', () => {
  it('20 concurrent redeems of one pass: exactly one admitted, 19 already used by the same admission', async () => {
    const r = await reservation();
    const scanned = await token({ kind: 'reservation', code: r.code });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        redeem(i % 2 ? { token: scanned } : { code: r.code }, i % 3 ? owner : employee),
      ),
    );
    const results = answers.map((a) => a.json().result);
    expect(results.filter((x) => x.state === 'admitted')).toHaveLength(1);
    const used = results.filter((x) => x.state === 'alreadyUsed');
    expect(used).toHaveLength(19);
    const admitted = results.find((x) => x.state === 'admitted')!;
    for (const u of used) expect([u.admittedAt, u.admittedBy]).toEqual([admitted.admittedAt, admitted.admittedBy]);
    expect(heard.filter((e) => e.type === 'ticket.redeemed' && e.data.id === r.id)).toHaveLength(1);
  });
});

describe('admissions of the night', () => {
  it('lists the venue admissions newest first, for the night asked', async () => {
    const r = await reservation({ guestName: 'Listed Guest', partySize: 6 });
    t.clock.now = FRIDAY_10PM + 10 * 60_000;
    await redeem({ code: r.code });
    const res = await t.call({ method: 'GET', url: `/api/Club/door/admissions?venueId=${venueId}`, token: employee });
    expect(res.statusCode).toBe(200);
    const list = res.json().result;
    expect(list.find((a: { id: string }) => a.id === r.id)).toEqual({
      kind: 'reservation',
      id: r.id,
      guestName: 'Listed Guest',
      partySize: 6,
      ticketType: null,
      admittedAt: new Date(FRIDAY_10PM + 10 * 60_000).toISOString(),
      admittedBy: 'Carla Owner',
    });
    expect(list.some((a: { ticketType: string | null }) => a.ticketType === 'General admission')).toBe(true);
    const times = list.map((a: { admittedAt: string }) => a.admittedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const otherNight = await t.call({
      method: 'GET',
      url: `/api/Club/door/admissions?venueId=${venueId}&day=2026-11-20`,
      token: owner,
    });
    expect(otherNight.json().result).toEqual([]);
  });

  it('answers 404 for another business venue and 400 for a bad day', async () => {
    const otherBusiness = await createBusiness(db(), 'Third Club');
    const [v] = await db().insert(tableOf('venues')).values({ businessId: otherBusiness, name: 'Theirs' }).returning();
    const url = `/api/Club/door/admissions?venueId=${(v as { id: string }).id}`;
    expect((await t.call({ method: 'GET', url, token: owner })).statusCode).toBe(404);
    const bad = await t.call({
      method: 'GET',
      url: `/api/Club/door/admissions?venueId=${venueId}&day=11/27/2026`,
      token: owner,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['day']);
    // Days that are no calendar day, or none a night can be on: refused, never a 500.
    for (const day of ['2026-02-30', '9999-12-31', '0000-01-01']) {
      const refused = await t.call({
        method: 'GET',
        url: `/api/Club/door/admissions?venueId=${venueId}&day=${day}`,
        token: owner,
      });
      expect(refused.statusCode, day).toBe(400);
      expect(Object.keys(refused.json().errors), day).toEqual(['day']);
    }
    expect(
      (await t.call({ method: 'GET', url: `/api/Club/door/admissions?venueId=${venueId}`, token: user })).statusCode,
    ).toBe(403);
  });
});

describe('the guest ticket page', () => {
  it('shows the pass to anyone holding its token, with its state', async () => {
    const r = await reservation({ guestName: 'Page Guest', partySize: 2 });
    const tk = await token({ kind: 'reservation', code: r.code });
    const page = await t.call({ method: 'GET', url: `/api/Public/pass/${tk}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().result).toEqual({
      kind: 'reservation',
      venueName: 'Blue Note Main Room',
      guestName: 'Page Guest',
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      timeZone: 'America/New_York',
      partySize: 2,
      ticketType: null,
      eventName: null,
      status: 'valid',
      admittedAt: null,
      code: r.code,
    });
    await redeem({ token: tk });
    expect((await t.call({ method: 'GET', url: `/api/Public/pass/${tk}` })).json().result).toMatchObject({
      status: 'used',
      admittedAt: new Date(FRIDAY_10PM).toISOString(),
    });
    const called = await ticket({ eventStatus: 'cancelled' });
    const ticketPage = await t.call({
      method: 'GET',
      url: `/api/Public/pass/${await token({ kind: 'ticket', code: called.code })}`,
    });
    expect(ticketPage.json().result).toMatchObject({
      status: 'cancelled',
      ticketType: 'General admission',
      eventName: 'Late Jazz',
    });
  });

  it('answers 404 alike for a forged token and for a pass that no longer exists', async () => {
    const [body] = (await token({ kind: 'reservation', code: newCode() })).split('.');
    for (const tk of [`${body}.${'B'.repeat(22)}`, await token({ kind: 'reservation', code: newCode() }), 'junk']) {
      const res = await t.call({ method: 'GET', url: `/api/Public/pass/${tk}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This ticket does not exist');
    }
  });
});
