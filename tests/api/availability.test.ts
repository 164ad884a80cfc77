/**
 * Availability (schedule_management, USER and MOVER): weekly time slots (GET, POST, PUT and
 * DELETE /{id}), the business time zone (PATCH, IANA), exceptions (POST, DELETE /{id}, GET paged)
 * and the open intervals bookings will use. Each bad input answers 400 naming its field with the
 * form's message and writes nothing; another business's slot or exception answers 404; other roles
 * 403. Open intervals are checked across America/New_York's 2026 daylight-saving changes and for a
 * business in Europe/Madrid. The seed gives user@ and mover@ Mon–Fri 09:00–17:00 with a 12:00–13:00
 * break and one closed day two weeks ahead (the dates below are far from it).
 * The exceptions' days are written as in 2028 and moved by whole years of 52 weeks (`ahead`), so
 * they stay a year or more ahead whenever the suite runs, on the same weekdays: as fixed dates
 * they met the seeded bookings in January 2028 and then fell before today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import { createTestApp, type TestApp } from './helpers/app';

const SLOTS = '/api/Availability/time-slots';
const EXCEPTIONS = '/api/Availability/exceptions';
const OPEN = '/api/Availability/open-intervals';
const TIME_ZONE = '/api/Business/time-zone';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['user', 'mover', 'clubowner', 'trucker', 'it'])
    token[who] = (await t.login(`${who}@demo.test`)).access;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who = 'user') =>
  t.call({ method, url, token: token[who], ...(payload === undefined ? {} : { payload: payload as object }) });
const slots = async (who = 'user') =>
  (await call('GET', SLOTS, undefined, who)).json().result as { id: string; dayOfWeek: number }[];
const errorsOf = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode).toBe(400);
  return res.json().errors as Record<string, string>;
};

/** Weeks of 52 from the year these tests were written in (2026) to the clock's (New York). */
const YEARS_ON = Math.max(0, Number(zonedDay(Date.now(), 'America/New_York').slice(0, 4)) - 2026);
/** A day written as in 2028, moved on by those weeks: the same weekday, a year or more ahead. */
const ahead = (written: string) => addDays(written, YEARS_ON * 364);

const saturday = { dayOfWeek: 6, start: '10:00', end: '14:00', breaks: [{ start: '12:00', end: '12:30' }] };

describe('weekly time slots', () => {
  it('lists the seeded hours: Monday to Friday 09:00–17:00 with a lunch break', async () => {
    const list = await slots();
    expect(list).toHaveLength(5);
    expect(list[0]).toMatchObject({
      dayOfWeek: 1,
      start: '09:00',
      end: '17:00',
      breaks: [{ start: '12:00', end: '13:00' }],
    });
    expect(list.map((s) => s.dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
  });

  it('adds a slot with a break', async () => {
    const res = await call('POST', SLOTS, saturday);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject(saturday);
    expect(await slots()).toHaveLength(6);
  });

  it('refuses each bad slot naming the field, and writes nothing', async () => {
    const cases: [object, string, string][] = [
      [
        { ...saturday, dayOfWeek: 0, start: '15:00', end: '14:00', breaks: [] },
        'end',
        'The end time must be after the start time',
      ],
      [
        { ...saturday, dayOfWeek: 0, start: '09:00', end: '09:00', breaks: [] },
        'end',
        'The end time must be after the start time',
      ],
      [{ ...saturday, dayOfWeek: 0, start: '25:00' }, 'start', 'Enter a time between 00:00 and 23:59'],
      [{ ...saturday, dayOfWeek: 7 }, 'dayOfWeek', 'Choose a day of the week'],
      [{ ...saturday, dayOfWeek: 'monday' }, 'dayOfWeek', 'Choose a day of the week'],
      [
        { ...saturday, dayOfWeek: 0, breaks: [{ start: '09:00', end: '10:30' }] },
        'breaks.0.start',
        'A break must be inside its time slot',
      ],
      [
        { ...saturday, dayOfWeek: 0, breaks: [{ start: '11:00', end: '10:30' }] },
        'breaks.0.end',
        'The end time must be after the start time',
      ],
      [
        {
          ...saturday,
          dayOfWeek: 0,
          breaks: [
            { start: '11:00', end: '12:00' },
            { start: '11:30', end: '12:30' },
          ],
        },
        'breaks.1.start',
        'Breaks must not overlap',
      ],
      // Overlaps the Saturday slot added above (checked against the stored slots).
      [{ dayOfWeek: 6, start: '13:00', end: '15:00' }, 'start', 'This time slot overlaps another one on the same day'],
      [{ dayOfWeek: 1, start: '08:00', end: '09:30' }, 'start', 'This time slot overlaps another one on the same day'],
    ];
    for (const [body, field, message] of cases) {
      const errors = await errorsOf(await call('POST', SLOTS, body));
      expect(errors[field], JSON.stringify(body)).toBe(message);
    }
    expect(await slots()).toHaveLength(6);
  });

  it('a slot touching another (ending as it starts) is not an overlap; open schedule screens are told (hub event)', async () => {
    const seen: unknown[] = [];
    const publish = t.app.ctx.hub.publish.bind(t.app.ctx.hub);
    t.app.ctx.hub.publish = (event) => {
      seen.push(event);
      return publish(event);
    };
    let res;
    try {
      res = await call('POST', SLOTS, { dayOfWeek: 6, start: '14:00', end: '16:00' });
    } finally {
      t.app.ctx.hub.publish = publish;
    }
    expect(res.statusCode).toBe(200);
    expect(res.json().result.breaks).toEqual([]);
    const businessId = (await call('GET', '/api/Business/my-businesses')).json().result[0].id;
    expect(seen).toEqual([
      {
        kind: 'records',
        resource: 'availability',
        action: 'created',
        businessIds: [businessId],
        ids: [res.json().result.id],
      },
    ]);
  });

  it('PUT changes a slot (its own old hours are no overlap); into another slot → 400', async () => {
    const sat = (await slots()).filter((s) => s.dayOfWeek === 6);
    const first = sat[0]!;
    const res = await call('PUT', `${SLOTS}/${first.id}`, { ...saturday, start: '09:30' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id: first.id, start: '09:30', end: '14:00' });
    const errors = await errorsOf(await call('PUT', `${SLOTS}/${first.id}`, { ...saturday, end: '15:00' }));
    expect(errors.start).toBe('This time slot overlaps another one on the same day');
    expect((await slots()).find((s) => s.id === first.id)).toMatchObject({ end: '14:00' });
  });

  it('DELETE removes a slot; a second time 404, a malformed id 400', async () => {
    const last = (await slots()).filter((s) => s.dayOfWeek === 6)[1]!;
    expect((await call('DELETE', `${SLOTS}/${last.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${SLOTS}/${last.id}`)).statusCode).toBe(404);
    for (const malformed of [
      await call('DELETE', `${SLOTS}/not-an-id`),
      await call('PUT', `${SLOTS}/not-an-id`, saturday),
    ]) {
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toEqual({ id: 'This id is not valid' });
    }
  });

  it('two overlapping slots sent at once: one is saved, the other refused (checked under a lock on the business)', async () => {
    const results = await Promise.all([
      call('POST', SLOTS, { dayOfWeek: 0, start: '10:00', end: '12:00' }),
      call('POST', SLOTS, { dayOfWeek: 0, start: '11:00', end: '13:00' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const sunday = (await slots()).filter((s) => s.dayOfWeek === 0);
    expect(sunday).toHaveLength(1);
    expect((await call('DELETE', `${SLOTS}/${sunday[0]!.id}`)).statusCode).toBe(200);
  });

  it("another business's slot answers 404 to PUT and DELETE and is left as it was", async () => {
    const moverSlots = await slots('mover');
    expect(moverSlots).toHaveLength(5);
    const theirs = moverSlots[0]!;
    expect((await call('PUT', `${SLOTS}/${theirs.id}`, saturday)).statusCode).toBe(404);
    expect((await call('DELETE', `${SLOTS}/${theirs.id}`)).statusCode).toBe(404);
    expect(await slots('mover')).toEqual(moverSlots);
    expect((await slots()).some((s) => s.id === theirs.id)).toBe(false);
  });

  it('other roles are refused; signed out is 401', async () => {
    for (const who of ['clubowner', 'trucker', 'it']) {
      expect((await call('GET', SLOTS, undefined, who)).statusCode).toBe(403);
      expect((await call('POST', SLOTS, saturday, who)).statusCode).toBe(403);
      expect((await call('GET', EXCEPTIONS, undefined, who)).statusCode).toBe(403);
      expect((await call('POST', EXCEPTIONS, { startDate: ahead('2028-01-01'), closed: true }, who)).statusCode).toBe(
        403,
      );
      expect(
        (await call('GET', `${OPEN}?from=${ahead('2028-01-01')}&to=${ahead('2028-01-02')}`, undefined, who)).statusCode,
      ).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: SLOTS })).statusCode).toBe(401);
  });
});

describe('time zone', () => {
  it('PATCH takes an IANA zone and refuses anything else naming the field', async () => {
    for (const timeZone of ['Mars/Olympus', '', 'EST5EDT; DROP']) {
      const errors = await errorsOf(await call('PATCH', TIME_ZONE, { timeZone }));
      expect(errors.timeZone).toBe('Choose a time zone from the list');
    }
    const res = await call('PATCH', TIME_ZONE, { timeZone: 'America/New_York' }, 'mover');
    expect(res.statusCode).toBe(200);
    expect((await call('GET', TIME_ZONE, undefined, 'mover')).json().result.timeZone).toBe('America/New_York');
    expect((await call('PATCH', TIME_ZONE, { timeZone: 'Europe/Madrid' }, 'it')).statusCode).toBe(403);
  });
});

describe('exceptions', () => {
  it('adds a closed day (one date) and a range with replacement hours', async () => {
    const day = await call('POST', EXCEPTIONS, {
      startDate: ahead('2028-01-10'),
      closed: true,
      hours: [{ start: '09:00', end: '10:00' }],
      note: ' Inventory ',
    });
    expect(day.statusCode).toBe(200);
    expect(day.json().result).toMatchObject({
      startDate: ahead('2028-01-10'),
      endDate: ahead('2028-01-10'),
      closed: true,
      hours: [],
      note: 'Inventory',
    });
    const range = await call('POST', EXCEPTIONS, {
      startDate: ahead('2028-02-01'),
      endDate: ahead('2028-02-03'),
      closed: false,
      hours: [{ start: '10:00', end: '14:00' }],
    });
    expect(range.statusCode).toBe(200);
    expect(range.json().result).toMatchObject({
      endDate: ahead('2028-02-03'),
      closed: false,
      hours: [{ start: '10:00', end: '14:00' }],
    });
  });

  it('refuses an exception that starts before today at the business (its dry run too), and takes today', async () => {
    // A date typed with last year's year closed nothing: it was stored and listed as if it did.
    const zone = (await call('GET', TIME_ZONE)).json().result.timeZone as string;
    const today = zonedDay(t.clock.now, zone);
    const yesterday = zonedDay(t.clock.now - 24 * 3_600_000, zone);
    const before = (await call('GET', EXCEPTIONS)).headers['paging-data'];
    for (const url of [EXCEPTIONS, `${EXCEPTIONS}/affected`]) {
      const errors = await errorsOf(await call('POST', url, { startDate: yesterday, endDate: today, closed: true }));
      expect(errors.startDate, url).toBe('Choose today or a later date');
    }
    expect((await call('GET', EXCEPTIONS)).headers['paging-data']).toBe(before);
    expect((await call('POST', `${EXCEPTIONS}/affected`, { startDate: today, closed: true })).statusCode).toBe(200);
  });

  it('refuses each bad exception naming the field, and writes nothing', async () => {
    const before = (await call('GET', EXCEPTIONS)).headers['paging-data'];
    const cases: [object, string, string][] = [
      [
        { startDate: ahead('2028-03-10'), endDate: ahead('2028-03-09'), closed: true },
        'endDate',
        'The end date must be on or after the start date',
      ],
      [{ startDate: '2028-02-30', closed: true }, 'startDate', 'Enter a valid date'],
      [{ startDate: '03/10/2028', closed: true }, 'startDate', 'Enter a valid date'],
      [
        { startDate: ahead('2028-03-10'), endDate: ahead('2029-03-11'), closed: true },
        'endDate',
        'An exception can cover at most 366 days',
      ],
      [
        { startDate: ahead('2028-03-10'), closed: false },
        'hours',
        'Enter the hours for these dates, or mark them closed',
      ],
      [
        { startDate: ahead('2028-03-10'), closed: false, hours: [{ start: '12:00', end: '11:00' }] },
        'hours.0.end',
        'The end time must be after the start time',
      ],
      [
        {
          startDate: ahead('2028-03-10'),
          closed: false,
          hours: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
        'hours.1.start',
        'This time slot overlaps another one on the same day',
      ],
      [{ startDate: ahead('2028-03-10') }, 'closed', 'Invalid value'],
      [
        { startDate: ahead('2028-01-31'), endDate: ahead('2028-02-01'), closed: true },
        'startDate',
        'These dates overlap another exception',
      ],
    ];
    for (const [body, field, message] of cases) {
      const errors = await errorsOf(await call('POST', EXCEPTIONS, body));
      expect(errors[field], JSON.stringify(body)).toBe(message);
    }
    expect((await call('GET', EXCEPTIONS)).headers['paging-data']).toBe(before);
  });

  it('GET is paged by start date (page, perPage, paging-data header)', async () => {
    const all = (await call('GET', EXCEPTIONS)).json().result as { startDate: string }[];
    expect(all).toHaveLength(3); // the seeded day off, then the two above
    expect(all.map((e) => e.startDate).slice(1)).toEqual([ahead('2028-01-10'), ahead('2028-02-01')]);
    const page = await call('GET', `${EXCEPTIONS}?page=2&perPage=2`);
    expect(page.json().result.map((e: { startDate: string }) => e.startDate)).toEqual([ahead('2028-02-01')]);
    expect(JSON.parse(String(page.headers['paging-data']))).toMatchObject({
      currentPage: 2,
      pageSize: 2,
      totalCount: 3,
      totalPages: 2,
      hasNextPage: false,
    });
    expect((await call('GET', `${EXCEPTIONS}?page=0`)).statusCode).toBe(400);
  });

  it("DELETE removes one; another business's → 404 and kept", async () => {
    const theirs = (await call('GET', EXCEPTIONS, undefined, 'mover')).json().result[0];
    expect((await call('DELETE', `${EXCEPTIONS}/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('GET', EXCEPTIONS, undefined, 'mover')).json().result).toHaveLength(1);
    const mine = (await call('GET', EXCEPTIONS))
      .json()
      .result.find((e: { startDate: string }) => e.startDate === ahead('2028-01-10'));
    expect((await call('DELETE', `${EXCEPTIONS}/${mine.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${EXCEPTIONS}/${mine.id}`)).statusCode).toBe(404);
  });
});

describe('open intervals', () => {
  const open = async (from: string, to: string, who = 'user') => {
    const res = await call('GET', `${OPEN}?from=${from}&to=${to}`, undefined, who);
    expect(res.statusCode).toBe(200);
    return res.json().result as { timeZone: string; intervals: { day: string; start: string; end: string }[] };
  };
  const pairs = (r: Awaited<ReturnType<typeof open>>) =>
    r.intervals.map((i) => `${i.start.slice(5, 16)}–${i.end.slice(11, 16)}`);

  it('follows America/New_York across the spring change: 09:00 is 14:00Z on Friday, 13:00Z on Monday', async () => {
    await call('PATCH', TIME_ZONE, { timeZone: 'America/New_York' });
    const r = await open('2026-03-06', '2026-03-09');
    expect(r.timeZone).toBe('America/New_York');
    // Friday (EST), the Saturday slot (EST, 09:30–14:00 less its 12:00–12:30 break), Sunday closed, Monday (EDT).
    expect(pairs(r)).toEqual([
      '03-06T14:00–17:00',
      '03-06T18:00–22:00',
      '03-07T14:30–17:00',
      '03-07T17:30–19:00',
      '03-09T13:00–16:00',
      '03-09T17:00–21:00',
    ]);
    expect(r.intervals.map((i) => i.day)).toEqual([
      '2026-03-06',
      '2026-03-06',
      '2026-03-07',
      '2026-03-07',
      '2026-03-09',
      '2026-03-09',
    ]);
  });

  it('and across the autumn change: Friday 13:00Z (EDT), Monday 14:00Z (EST)', async () => {
    const r = await open('2026-10-30', '2026-11-02');
    expect(pairs(r).filter((p) => p.startsWith('10-30') || p.startsWith('11-02'))).toEqual([
      '10-30T13:00–16:00',
      '10-30T17:00–21:00',
      '11-02T14:00–17:00',
      '11-02T18:00–22:00',
    ]);
  });

  it('applies exceptions: replacement hours on a range, nothing on a closed day', async () => {
    expect(pairs(await open(ahead('2028-02-01'), ahead('2028-02-03')))).toEqual(
      ['2028-02-01', '2028-02-02', '2028-02-03'].map((d) => `${ahead(d).slice(5)}T15:00–19:00`),
    );
    await call('POST', EXCEPTIONS, { startDate: ahead('2028-02-07'), closed: true });
    const week = await open(ahead('2028-02-07'), ahead('2028-02-08'));
    expect(week.intervals.map((i) => i.day)).toEqual([ahead('2028-02-08'), ahead('2028-02-08')]);
  });

  it('a business in Europe/Madrid: 09:00 is 08:00Z in winter and 07:00Z in summer', async () => {
    await call('PATCH', TIME_ZONE, { timeZone: 'Europe/Madrid' });
    expect(pairs(await open('2026-03-27', '2026-03-27'))).toEqual(['03-27T08:00–11:00', '03-27T12:00–16:00']);
    expect(pairs(await open('2026-03-30', '2026-03-30'))).toEqual(['03-30T07:00–10:00', '03-30T11:00–15:00']);
    await call('PATCH', TIME_ZONE, { timeZone: 'America/New_York' });
  });

  it('refuses a reversed, too long or missing range naming the field', async () => {
    expect(
      (await errorsOf(await call('GET', `${OPEN}?from=${ahead('2028-01-10')}&to=${ahead('2028-01-09')}`))).to,
    ).toBe('The end date must be on or after the start date');
    expect(
      (await errorsOf(await call('GET', `${OPEN}?from=${ahead('2028-01-01')}&to=${ahead('2028-03-31')}`))).to,
    ).toBe('Ask for at most 62 days at a time');
    expect((await errorsOf(await call('GET', `${OPEN}?from=${ahead('2028-01-01')}`))).to).toBe('Enter a valid date');
  });
});
