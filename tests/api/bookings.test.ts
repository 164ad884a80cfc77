/**
 * Bookings (calendar_management, USER and MOVER): list by range, get one, book, reschedule,
 * cancel, free slots. Each bad input answers 400 naming its field with the form's message and
 * writes nothing; a time another confirmed booking holds answers 409 (20 requests for the same
 * slot at once: exactly one is booked, on PGlite and on PostgreSQL with `node /tmp/pgrun.mjs`);
 * another business's booking or product answers 404; other roles 403. The seed opens user@'s and
 * mover@'s businesses (America/New_York) Mon–Fri 09:00–17:00 with a 12:00–13:00 break; the days
 * below are in January of the year after next (EST, UTC−5): far from the seeded day off and demo
 * bookings (weeks from now), and ahead of the clock whatever day the suite runs (fixed 2028 days
 * were refused as past from 01/10/2028 on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { mailOutbox } from '../../server/db/schema';
import { freeSlotsOf } from '../../server/modules/bookings/free-slots';
import { smtpDriver } from '../../server/modules/mail/drivers/smtp';
import { createTestApp, type TestApp } from './helpers/app';
import { typedDay } from './helpers/clock-changes';
import { addDays, weekdayOf, zonedDay } from '../../src/domain/venue/opening-hours';

const BOOKINGS = '/api/Booking/bookings';
const FREE = '/api/Booking/free-slots';
const EXCEPTIONS = '/api/Availability/exceptions';

let t: TestApp;
const token: Record<string, string> = {};
let portrait: { id: string; durationMinutes: number };
let inactiveId: string;
let albumId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['user', 'mover', 'clubowner', 'trucker', 'it'])
    token[who] = (await t.login(`${who}@demo.test`)).access;
  const products = (await call('GET', '/api/Business/products?perPage=50')).json().result as {
    id: string;
    name: string;
    active: boolean;
    kind: string;
    durationMinutes: number | null;
  }[];
  const p = products.find((x) => x.name === 'Portrait session')!;
  portrait = { id: p.id, durationMinutes: p.durationMinutes! };
  inactiveId = products.find((x) => !x.active)!.id;
  albumId = products.find((x) => x.kind === 'product' && x.active)!.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who = 'user') =>
  t.call({ method, url, token: token[who], ...(payload === undefined ? {} : { payload: payload as object }) });

const YEAR = Number(zonedDay(Date.now(), 'America/New_York').slice(0, 4)) + 2;
/** January's second Monday of YEAR; the days after it are counted from it. */
let MON = `${YEAR}-01-08`;
while (weekdayOf(MON) !== 1) MON = addDays(MON, 1);
const TUE = addDays(MON, 1);
const WED = addDays(MON, 2);
const THU = addDays(MON, 3);
const FRI = addDays(MON, 4);
const SAT = addDays(MON, 5);
const SUN = addDays(MON, 6);
const NEXT_MON = addDays(MON, 7);
/** An instant of a January day in New York (EST, UTC−5): (MON, '09:00'). */
const at = (day: string, clock: string) =>
  new Date(Date.parse(`${day}T${clock}:00Z`) + 5 * 3_600_000).toISOString().replace('.000Z', 'Z');
/** The same instant as the API answers it (UTC, with milliseconds): (MON, '14:00') for 09:00 EST. */
const utc = (day: string, clock: string) => `${day}T${clock}:00.000Z`;
const booking = (start: string, end: string, extra: object = {}) => ({
  startsAt: at(MON, start),
  endsAt: at(MON, end),
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  customerPhone: '(202) 555-0143',
  notes: 'Bring the blue dress',
  ...extra,
});
const listOf = async (day = MON, who = 'user') =>
  (await call('GET', `${BOOKINGS}?from=${at(day, '00:00')}&to=${at(day, '23:59')}`, undefined, who)).json().result as {
    id: string;
    status: string;
    startsAt: string;
  }[];
const freeOf = async (query: string, who = 'user') => call('GET', `${FREE}?${query}`, undefined, who);

describe('booking', () => {
  let first: string;

  it('books a time for a service and tells open calendars (hub event); GET lists and shows it', async () => {
    const seen: unknown[] = [];
    const publish = t.app.ctx.hub.publish.bind(t.app.ctx.hub);
    t.app.ctx.hub.publish = (event) => {
      seen.push(event);
      return publish(event);
    };
    let res;
    try {
      res = await call('POST', BOOKINGS, booking('09:00', '10:00', { productId: portrait.id }));
    } finally {
      t.app.ctx.hub.publish = publish;
    }
    expect(res.statusCode).toBe(201);
    const b = res.json().result;
    expect(b).toMatchObject({
      productId: portrait.id,
      productName: 'Portrait session',
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerPhone: '+12025550143',
      startsAt: utc(MON, '14:00'),
      endsAt: utc(MON, '15:00'),
      status: 'confirmed',
      notes: 'Bring the blue dress',
    });
    first = b.id;
    const businessId = (await call('GET', '/api/Business/my-businesses')).json().result[0].id;
    expect(seen).toEqual([
      { kind: 'records', resource: 'bookings', action: 'created', businessIds: [businessId], ids: [b.id] },
    ]);
    expect((await listOf()).map((x) => x.id)).toEqual([b.id]);
    expect((await call('GET', `${BOOKINGS}/${b.id}`)).json().result).toEqual(b);
  });

  it('a booking without a product, touching the first (starting as it ends), is no overlap', async () => {
    const res = await call('POST', BOOKINGS, booking('10:00', '10:30', { customerEmail: '', customerPhone: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({ productId: null, productName: null, customerPhone: '' });
    expect(await listOf()).toHaveLength(2);
  });

  it('a time another confirmed booking shares answers 409 with the reason, and writes nothing', async () => {
    for (const [s, e] of [
      ['09:00', '10:00'],
      ['09:30', '09:45'],
      ['09:45', '11:00'],
    ] as [string, string][]) {
      const res = await call('POST', BOOKINGS, booking(s, e));
      expect(res.statusCode, `${s}–${e}`).toBe(409);
      expect(res.json()).toEqual({
        message: 'This time is already booked. Choose another free slot',
        errors: { startsAt: 'This time is already booked. Choose another free slot' },
      });
    }
    expect(await listOf()).toHaveLength(2);
  });

  it('refuses each bad booking naming the field, and writes nothing', async () => {
    const cases: [object, string, string][] = [
      [{ ...booking('11:00', '11:30'), customerName: '  ' }, 'customerName', "Enter the customer's name"],
      [{ ...booking('11:00', '11:30'), customerName: undefined }, 'customerName', "Enter the customer's name"],
      [booking('11:00', '10:30'), 'endsAt', 'The booking must end after it starts'],
      [booking('11:00', '11:00'), 'endsAt', 'The booking must end after it starts'],
      [{ ...booking('11:00', '11:30'), startsAt: `${MON} 11:00` }, 'startsAt', 'Enter a valid date and time'],
      [{ ...booking('11:00', '11:30'), endsAt: 'tomorrow' }, 'endsAt', 'Enter a valid date and time'],
      [{ ...booking('11:00', '11:30'), customerEmail: 'ada@' }, 'customerEmail', 'Enter a valid email address'],
      [{ ...booking('11:00', '11:30'), customerPhone: '123' }, 'customerPhone', 'Enter a valid phone number'],
      [{ ...booking('11:00', '11:30'), notes: 'x'.repeat(1001) }, 'notes', 'Must be at most 1000 characters long'],
      // Not an id at all: the one message of a malformed id (record-id.ts).
      [{ ...booking('11:00', '11:30'), productId: 'not-a-product' }, 'productId', 'This id is not valid'],
      // Well-formed but nobody's.
      [
        { ...booking('11:00', '11:30'), productId: '00000000-0000-4000-8000-000000000000' },
        'productId',
        'Choose a product or service from the catalogue',
      ],
      [{ ...booking('11:00', '11:30'), productId: inactiveId }, 'productId', 'This product or service is not active'],
      // In the past (January 2020), outside the hours: before opening, across lunch, after closing, on a Saturday.
      [
        { ...booking('11:00', '11:30'), startsAt: '2020-01-06T14:00:00Z', endsAt: '2020-01-06T15:00:00Z' },
        'startsAt',
        'A booking cannot start in the past',
      ],
      [booking('08:30', '09:30'), 'startsAt', 'This time is outside the business hours'],
      [booking('11:30', '12:30'), 'startsAt', 'This time is outside the business hours'],
      [booking('16:30', '17:30'), 'startsAt', 'This time is outside the business hours'],
      [
        { ...booking('11:00', '11:30'), startsAt: at(SAT, '10:00'), endsAt: at(SAT, '11:00') },
        'startsAt',
        'This time is outside the business hours',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', BOOKINGS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toBe(message);
    }
    expect(await listOf()).toHaveLength(2);
  });

  it("another business's product answers 404; the mover books without a catalogue", async () => {
    expect(
      (await call('POST', BOOKINGS, booking('11:00', '11:30', { productId: portrait.id }), 'mover')).statusCode,
    ).toBe(404);
    const res = await call('POST', BOOKINGS, booking('11:00', '11:30'), 'mover');
    expect(res.statusCode).toBe(201);
    // Each business has its own calendar: the same time is free for the user's business.
    expect((await listOf(MON, 'mover')).map((b) => b.id)).toEqual([res.json().result.id]);
    expect(await listOf()).toHaveLength(2);
  });

  it('reschedules: its own old time is no overlap; into another booking → 409; outside the hours → 400', async () => {
    const moved = await call('PUT', `${BOOKINGS}/${first}/reschedule`, {
      startsAt: at(MON, '09:15'),
      endsAt: at(MON, '10:15'),
    });
    expect(moved.statusCode).toBe(409); // 10:00–10:30 is taken
    const ok = await call('PUT', `${BOOKINGS}/${first}/reschedule`, {
      startsAt: at(MON, '08:59').replace('13:59', '13:59'),
      endsAt: at(MON, '10:00'),
    });
    expect(ok.statusCode).toBe(400);
    expect(ok.json().errors.startsAt).toBe('This time is outside the business hours');
    const later = await call('PUT', `${BOOKINGS}/${first}/reschedule`, {
      startsAt: at(MON, '09:30'),
      endsAt: at(MON, '10:00'),
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().result).toMatchObject({ id: first, startsAt: utc(MON, '14:30') });
    const reversed = await call('PUT', `${BOOKINGS}/${first}/reschedule`, {
      startsAt: at(MON, '10:00'),
      endsAt: at(MON, '09:30'),
    });
    expect(reversed.json().errors).toEqual({ endsAt: 'The booking must end after it starts' });
  });

  it('cancels: the time is free again; a second cancel or a reschedule of it → 409', async () => {
    const res = await call('PATCH', `${BOOKINGS}/${first}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.status).toBe('cancelled');
    for (const again of [
      await call('PATCH', `${BOOKINGS}/${first}/cancel`),
      await call('PUT', `${BOOKINGS}/${first}/reschedule`, { startsAt: at(MON, '14:00'), endsAt: at(MON, '15:00') }),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This booking is cancelled');
    }
    expect((await call('POST', BOOKINGS, booking('09:30', '10:00'))).statusCode).toBe(201);
    // The calendar still shows the cancelled one.
    expect((await listOf()).map((b) => b.status).sort()).toEqual(['cancelled', 'confirmed', 'confirmed']);
  });

  it("another business's booking answers 404 to GET, reschedule and cancel and is left as it was; malformed ids 400", async () => {
    const theirs = (await listOf(MON, 'mover'))[0]!;
    expect((await call('GET', `${BOOKINGS}/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `${BOOKINGS}/${theirs.id}/reschedule`, {
          startsAt: at(MON, '14:00'),
          endsAt: at(MON, '15:00'),
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `${BOOKINGS}/${theirs.id}/cancel`)).statusCode).toBe(404);
    expect(await listOf(MON, 'mover')).toEqual([theirs]);
    for (const malformed of [
      await call('GET', `${BOOKINGS}/not-an-id`),
      await call('PATCH', `${BOOKINGS}/not-an-id/cancel`),
    ]) {
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toEqual({ id: 'This id is not valid' });
    }
  });

  it('the list range is checked: instants, from before to, at most 62 days', async () => {
    const bad = async (q: string) => (await call('GET', `${BOOKINGS}?${q}`)).json().errors;
    expect(await bad(`from=${MON}&to=${TUE}T00:00:00Z`)).toEqual({ from: 'Enter a valid date and time' });
    expect(await bad(`from=${at(MON, '10:00')}&to=${at(MON, '09:00')}`)).toEqual({
      to: 'The end date must be on or after the start date',
    });
    expect(await bad(`from=${YEAR}-01-01T00:00:00Z&to=${addDays(`${YEAR}-01-01`, 64)}T00:00:00Z`)).toEqual({
      to: 'Show at most 62 days at a time',
    });
  });
});

describe('the customer mail with an .ics', () => {
  const icsOf = (row: typeof mailOutbox.$inferSelect) => {
    expect(row.attachments).toHaveLength(1);
    const [file] = row.attachments!;
    return { ...file!, text: Buffer.from(file!.content, 'base64').toString('utf8') };
  };
  const mailsTo = (to: string) =>
    t.db.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));

  it('booked, moved, cancelled: one mail each, the same UID, SEQUENCE 0 → 1 → 2, CANCEL last', async () => {
    const to = 'grace@example.com';
    const times = (s: string, e: string) => ({ startsAt: at(FRI, s), endsAt: at(FRI, e) });
    const res = await call('POST', BOOKINGS, {
      ...booking('09:00', '10:00', { productId: portrait.id, customerEmail: to, customerName: 'Grace Hopper' }),
      ...times('09:00', '10:00'),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().result.id;
    expect((await call('PUT', `${BOOKINGS}/${id}/reschedule`, times('13:00', '14:00'))).statusCode).toBe(200);
    expect((await call('PATCH', `${BOOKINGS}/${id}/cancel`)).statusCode).toBe(200);
    const mails = await mailsTo(to);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Booking confirmed: Portrait session with /),
      expect.stringMatching(/^Booking moved: Portrait session with /),
      expect.stringMatching(/^Booking cancelled: Portrait session with /),
    ]);
    expect(mails[0]!.text).toContain('Hello Grace Hopper,');
    expect(mails[0]!.text).toContain(
      `When: Friday, ${typedDay(FRI)}, 9:00 AM EST – Friday, ${typedDay(FRI)}, 10:00 AM EST`,
    );
    const [booked, moved, cancelled] = mails.map(icsOf);
    expect(booked).toMatchObject({
      filename: 'booking.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    expect(booked!.text).toContain(`\r\nUID:booking-${id}@backoffice\r\nSEQUENCE:0\r\n`);
    expect(booked!.text).toContain(
      `\r\nDTSTART:${FRI.replaceAll('-', '')}T140000Z\r\nDTEND:${FRI.replaceAll('-', '')}T150000Z\r\n`,
    );
    expect(booked!.text).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(booked!.text).toContain('ATTENDEE;CN=Grace Hopper;ROLE=REQ-PARTICIPANT:mailto:grace@example.com');
    expect(moved!.text).toContain(`\r\nUID:booking-${id}@backoffice\r\nSEQUENCE:1\r\n`);
    expect(moved!.text).toContain(`\r\nDTSTART:${FRI.replaceAll('-', '')}T180000Z\r\n`);
    expect(cancelled).toMatchObject({ filename: 'booking-cancelled.ics' });
    expect(cancelled!.text).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(cancelled!.text).toContain(`\r\nUID:booking-${id}@backoffice\r\nSEQUENCE:2\r\n`);
    expect(cancelled!.text).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it('no email, no mail', async () => {
    const before = (await t.db.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const res = await call('POST', BOOKINGS, {
      ...booking('10:00', '11:00', { customerEmail: '' }),
      startsAt: at(FRI, '10:00'),
      endsAt: at(FRI, '11:00'),
    });
    expect(res.statusCode).toBe(201);
    expect((await t.db.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(before);
  });

  it('the SMTP driver delivers the attachment (a local SMTP server receives it as text/calendar)', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push(body);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const driver = await smtpDriver(t.db.database.db, `smtp://127.0.0.1:${port}`, 'test@example.com', () => {});
      const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
      await driver.send({
        to: 'smtp-ics@example.com',
        subject: 'With a file',
        text: 'See the file',
        attachments: [
          { filename: 'booking.ics', contentType: 'text/calendar; method=REQUEST', content: Buffer.from(ics) },
        ],
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/Content-Type: text\/calendar; method=REQUEST/);
      expect(received[0]).toContain('filename=booking.ics');
      expect(received[0]).toContain(Buffer.from(ics).toString('base64'));
      const [row] = await mailsTo('smtp-ics@example.com');
      expect(row).toMatchObject({ transport: 'smtp', error: null });
      expect(icsOf(row!).text).toBe(ics);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('free slots', () => {
  it('an open day: every 15 minutes from each opening, long enough for the duration, around the bookings', async () => {
    const res = await freeOf(`from=${TUE}&to=${TUE}&durationMinutes=60`);
    expect(res.statusCode).toBe(200);
    const { timeZone, durationMinutes, starts } = res.json().result;
    expect(timeZone).toBe('America/New_York');
    expect(durationMinutes).toBe(60);
    // 09:00…11:00 and 13:00…16:00 local, 9 + 13 starts.
    expect(starts).toHaveLength(22);
    expect(starts[0]).toBe(utc(TUE, '14:00'));
    expect(starts[8]).toBe(utc(TUE, '16:00'));
    expect(starts[9]).toBe(utc(TUE, '18:00'));
    expect(starts.at(-1)).toBe(utc(TUE, '21:00'));

    // A booking 10:10–10:50 takes away every start whose hour would share its time; the next is on the grid.
    expect(
      (
        await call(
          'POST',
          BOOKINGS,
          booking('10:10', '10:50', { startsAt: at(TUE, '10:10'), endsAt: at(TUE, '10:50') }),
        )
      ).statusCode,
    ).toBe(201);
    const after = (await freeOf(`from=${TUE}&to=${TUE}&durationMinutes=60`)).json().result.starts as string[];
    expect(after.slice(0, 3)).toEqual([utc(TUE, '14:00'), utc(TUE, '16:00'), utc(TUE, '18:00')]);
    // …and a 15-minute one fits again at 11:00 (the grid after 10:50).
    const short = (await freeOf(`from=${TUE}&to=${TUE}&durationMinutes=15`)).json().result.starts as string[];
    expect(short).toContain(utc(TUE, '16:00'));
    expect(short).not.toContain(utc(TUE, '15:45'));
  });

  it("a service's own duration; a day off (an exception written meanwhile) has none; a weekend has none", async () => {
    const wed = WED;
    const byService = (await freeOf(`from=${wed}&to=${wed}&productId=${portrait.id}`)).json().result;
    expect(byService.durationMinutes).toBe(portrait.durationMinutes);
    expect(byService.starts).toHaveLength(22);
    expect((await call('POST', EXCEPTIONS, { startDate: wed, closed: true })).statusCode).toBe(200);
    expect((await freeOf(`from=${wed}&to=${wed}&productId=${portrait.id}`)).json().result.starts).toEqual([]);
    expect((await freeOf(`from=${SAT}&to=${SUN}&durationMinutes=30`)).json().result.starts).toEqual([]);
  });

  it('30 days: nothing before now, the starts of today already gone left out (the service, at 10:20 on a Monday)', async () => {
    const businessId = (await call('GET', '/api/Business/my-businesses')).json().result[0].id;
    const q = { from: NEXT_MON, to: addDays(NEXT_MON, 29), durationMinutes: 60 };
    const { starts } = await freeSlotsOf(t.app.ctx.database.db, businessId, q, Date.parse(at(NEXT_MON, '10:20')));
    expect(starts[0]).toBe(utc(NEXT_MON, '15:30')); // 10:30 local
    expect(starts).toHaveLength(22 * 22 - 6); // 22 weekdays of 22 starts, less 09:00…10:15 of the first
    // The same range asked again at an earlier hour (a hit in the cache) still starts at its own now.
    const earlier = await freeSlotsOf(t.app.ctx.database.db, businessId, q, 0);
    expect(earlier.starts[0]).toBe(utc(NEXT_MON, '14:00'));
  });

  it('refuses bad queries naming the field', async () => {
    const cases: [string, string, string][] = [
      [`from=${TUE}&to=${TUE}`, 'productId', 'Choose a service or a duration'],
      [`from=${TUE}&to=${TUE}&durationMinutes=2`, 'durationMinutes', 'A booking lasts from 5 to 1440 minutes'],
      [`from=${TUE}&to=${TUE}&durationMinutes=abc`, 'durationMinutes', 'A booking lasts from 5 to 1440 minutes'],
      [`from=${TUE}&to=${TUE}&productId=${albumId}`, 'durationMinutes', 'Choose a service or a duration'],
      [`from=${TUE}&to=${TUE}&productId=${inactiveId}`, 'productId', 'This product or service is not active'],
      [`from=${TUE}&to=${TUE}&productId=nope`, 'productId', 'This id is not valid'],
      [`from=${YEAR}-02-30&to=${TUE}&durationMinutes=30`, 'from', 'Enter a valid date'],
      [`from=${TUE}&to=${MON}&durationMinutes=30`, 'to', 'The end date must be on or after the start date'],
      [
        `from=${YEAR}-01-01&to=${addDays(`${YEAR}-01-01`, 62)}&durationMinutes=30`,
        'to',
        'Show at most 62 days at a time',
      ],
    ];
    for (const [q, field, message] of cases) {
      const res = await freeOf(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors[field], q).toBe(message);
    }
    expect((await freeOf(`from=${TUE}&to=${TUE}&productId=${portrait.id}`, 'mover')).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('other roles are refused; signed out is 401', async () => {
    const id = (await listOf())[0]!.id;
    for (const who of ['clubowner', 'trucker', 'it']) {
      expect(
        (await call('GET', `${BOOKINGS}?from=${at(MON, '00:00')}&to=${at(MON, '23:00')}`, undefined, who)).statusCode,
      ).toBe(403);
      expect((await call('GET', `${BOOKINGS}/${id}`, undefined, who)).statusCode).toBe(403);
      expect((await call('POST', BOOKINGS, booking('15:00', '15:30'), who)).statusCode).toBe(403);
      expect(
        (
          await call(
            'PUT',
            `${BOOKINGS}/${id}/reschedule`,
            { startsAt: at(MON, '15:00'), endsAt: at(MON, '15:30') },
            who,
          )
        ).statusCode,
      ).toBe(403);
      expect((await call('PATCH', `${BOOKINGS}/${id}/cancel`, undefined, who)).statusCode).toBe(403);
      expect((await freeOf(`from=${MON}&to=${MON}&durationMinutes=30`, who)).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: `${FREE}?from=${MON}&to=${MON}&durationMinutes=30` })).statusCode).toBe(
      401,
    );
  });
});

describe('double booking under concurrency', () => {
  it('20 requests for the same slot at once: exactly one 201, the rest 409 with the reason', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          'POST',
          BOOKINGS,
          booking('14:00', '15:00', {
            startsAt: at(THU, '14:00'),
            endsAt: at(THU, '15:00'),
            customerName: `Racer ${i}`,
          }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe('This time is already booked. Choose another free slot');
    expect((await listOf(THU)).filter((b) => b.status === 'confirmed')).toHaveLength(1);
  });
});
