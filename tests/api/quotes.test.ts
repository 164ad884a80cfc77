/**
 * Quotes (declared resource + server/modules/quotes): create with inventory and its Q-number,
 * each bad input refused on its field (nothing written), the pricing types' money, send (mail
 * with the public link; draft → sent), the public page, accept (booking + invoice + accepted in
 * one transaction; twice at once → one booking and one invoice), an expired quote (410), a taken
 * slot (409, nothing written, recorded on the quote, the movers notified), a move the business
 * cannot book (the fit, and send refused with the next times), the mover's contact on the public
 * page, decline, the locks, and refusals: other roles 403, another
 * business 404, a bad token 404. The tax rate's rules and a taxed quote's invoice: quotes-tax.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import { usDate } from '../../server/modules/reports';
import { mailOutbox, notifications, users } from '../../server/db/schema';
import { bookings } from '../../server/modules/bookings/tables';
import { linesTableOf, tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { answerQuote, insertForeignQuote, lastQuoteMail, moveWeekdays } from './helpers/quotes';
import { MESSAGES } from '../../src/domain/messages';

const API = '/api/Business/quotes';
const PUBLIC = '/api/Public/quotes';
const SETTINGS = '/api/Business/invoice-settings';

let t: TestApp;
let mover: string;
let user: string;
let trucker: string;
let businessId: string;
let foreignQuote: string;
let today: string;
/** Weekdays ahead (the demo mover is open Mon–Fri 09:00–12:00 and 13:00–17:00, New York). */
let moveDays: string[];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) => t.call({ method, url, token, payload });

const body = (extra: object = {}) => ({
  customerName: 'Casey Customer',
  customerEmail: 'casey@example.com',
  customerPhone: '+1 212 555 0142',
  moveDate: moveDays[0],
  startTime: '13:00',
  originAddress: '12 Elm St, Brooklyn, NY',
  destinationAddress: '400 Park Ave, New York, NY',
  pricingType: 'binding',
  priceCents: 125_000,
  estimatedHours: 3,
  crewSize: 3,
  truck: '26 ft box truck',
  inventory: [
    { item: 'Sofa', quantity: 1, cubicFeet: 45 },
    { item: 'Boxes, medium', quantity: 20 },
  ],
  validUntil: addDays(today, 10),
  ...extra,
});
type Quote = Record<string, unknown> & { id: string; number: string; status: string };
const create = async (extra: object = {}): Promise<Quote> => {
  const res = await call('POST', API, mover, body(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Quote;
};
const sendNew = async (extra: object = {}) => {
  const email = `c${Math.random().toString(36).slice(2, 8)}@example.com`;
  const quote = await create({ customerEmail: email, ...extra });
  const res = await call('POST', `${API}/${quote.id}/send`, mover);
  expect(res.statusCode, res.body).toBe(200);
  return { quote: res.json().result as Quote, token: (await lastQuoteMail(t.db.database.db, email)).token };
};
const counts = async () => {
  const db = t.db.database.db;
  const [b] = await db.select({ n: count() }).from(bookings).where(eq(bookings.businessId, businessId));
  const inv = tableOf('invoices');
  const [i] = await db.select({ n: count() }).from(inv).where(eq(inv.businessId!, businessId));
  return { bookings: b!.n, invoices: i!.n };
};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  mover = (await t.login('mover@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
  trucker = (await t.login('trucker@demo.test')).access;
  const db = t.db.database.db;
  const [me] = await db.select({ businessId: users.businessId }).from(users).where(eq(users.email, 'mover@demo.test'));
  businessId = me!.businessId!;
  // The demo's quotes are taken out, so this file's numbers start at Q-0001; and its bookings,
  // which fall on weekdays counted from today, so the moves below meet only each other whatever
  // day the suite runs (a Friday's run put an hourly move on a demo job's Wednesday morning).
  await db.delete(tableOf('quotes')).where(eq(tableOf('quotes').businessId!, businessId));
  await db.delete(bookings).where(eq(bookings.businessId, businessId));
  const { recordCounters } = await import('../../server/db/schema');
  await db
    .delete(recordCounters)
    .where(and(eq(recordCounters.businessId, businessId), eq(recordCounters.counter, 'quotes')));
  today = zonedDay(t.clock.now, 'America/New_York');
  moveDays = moveWeekdays(today, 6);
  foreignQuote = await insertForeignQuote(db, { moveDate: moveDays[0]!, validUntil: addDays(today, 5), taxRate: 0 });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('writing a quote', () => {
  it('creates one with its inventory, its number and its computed total; reads, lists and edits it', async () => {
    const q = await create();
    expect(q).toMatchObject({ number: 'Q-0001', status: 'draft', totalCents: 125_000, expired: false });
    expect(q.inventory).toEqual([
      { item: 'Sofa', quantity: 1, cubicFeet: 45 },
      { item: 'Boxes, medium', quantity: 20, cubicFeet: null },
    ]);
    const second = await create({ pricingType: 'not_to_exceed', priceCents: 90_000 });
    expect(second.number).toBe('Q-0002');
    const list = await call('GET', `${API}?pricingType=not_to_exceed`, mover);
    expect(list.json().result.map((r: Quote) => r.number)).toEqual(['Q-0002']);
    const edited = await call('PATCH', `${API}/${q.id}`, mover, {
      crewSize: 4,
      inventory: [{ item: 'Bed', quantity: 2 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({
      crewSize: 4,
      inventory: [{ item: 'Bed', quantity: 2, cubicFeet: null }],
    });
  });

  it('prices an hourly quote as rate × hours, raised to the minimum hours', async () => {
    const q = await create({
      pricingType: 'hourly',
      priceCents: null,
      hourlyRateCents: 15_000,
      estimatedHours: 2,
      minimumHours: 3,
    });
    expect(q.totalCents).toBe(45_000);
    const more = await call('PATCH', `${API}/${q.id}`, mover, { estimatedHours: 5 });
    expect(more.json().result.totalCents).toBe(75_000);
  });

  it.each([
    ['moveDate', { moveDate: '2020-01-06' }, 'The move date cannot be in the past'],
    ['validUntil', { validUntil: '2020-01-06' }, 'Valid until cannot be before today'],
    ['crewSize', { crewSize: 0 }, 'Must be at least 1'],
    ['estimatedHours', { estimatedHours: 0 }, 'Must be at least 0.25'],
    ['estimatedHours', { estimatedHours: -1 }, 'Must be at least 0.25'],
    ['estimatedHours', { estimatedHours: 1.1 }, MESSAGES.quarterHoursInvalid],
    ['estimatedHours', { estimatedHours: 72.25 }, 'Must be at most 72'],
    [
      'minimumHours',
      { pricingType: 'hourly', priceCents: null, hourlyRateCents: 9550, minimumHours: 2.755 },
      MESSAGES.quarterHoursInvalid,
    ],
    ['hourlyRateCents', { pricingType: 'hourly', priceCents: null, hourlyRateCents: null }, 'This field is required'],
    ['priceCents', { priceCents: null }, 'This field is required'],
    ['priceCents', { priceCents: -1 }, 'Must be at least $0.00'],
    [
      'inventory.1.quantity',
      {
        inventory: [
          { item: 'Sofa', quantity: 1 },
          { item: 'Box', quantity: 0 },
        ],
      },
      'Must be at least 1',
    ],
    ['inventory.0.quantity', { inventory: [{ item: 'Sofa', quantity: 1.5 }] }, 'Must be a whole number'],
    ['startTime', { startTime: '25:00' }, null],
    ['customerEmail', { customerEmail: 'not-an-email' }, null],
    ['pricingType', { pricingType: 'free' }, 'Choose one of the listed values'],
  ])('refuses a bad %s on its field and writes nothing', async (field, extra, message) => {
    const table = tableOf('quotes');
    const before = await t.db.database.db.select({ n: count() }).from(table);
    const res = await call('POST', API, mover, body(extra));
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as Record<string, string>;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
    const after = await t.db.database.db.select({ n: count() }).from(table);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses other roles (403) and answers 404 for another business’s quote', async () => {
    for (const token of [user, trucker]) {
      expect((await call('GET', API, token)).statusCode).toBe(403);
      expect((await call('POST', API, token, body())).statusCode).toBe(403);
    }
    expect((await call('GET', `${API}/${foreignQuote}`, mover)).statusCode).toBe(404);
    expect((await call('PATCH', `${API}/${foreignQuote}`, mover, { crewSize: 9 })).statusCode).toBe(404);
    expect((await call('POST', `${API}/${foreignQuote}/send`, mover)).statusCode).toBe(404);
    expect((await call('DELETE', `${API}/${foreignQuote}`, mover)).statusCode).toBe(404);
    expect((await call('POST', `${API}/${foreignQuote}/send`, user)).statusCode).toBe(403);
    expect((await call('POST', `${API}/${foreignQuote}/send`)).statusCode).toBe(401);
  });
});

describe('a move the business cannot book', () => {
  const fit = (q: string, token = mover) => call('GET', `${API}/fit?${q}`, token);

  it('answers whether a move fits, with the bookings’ reason and the next times that fit', async () => {
    const ok = await fit(`moveDate=${moveDays[0]}&startTime=13:00&estimatedHours=3`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ fits: true, reason: null, next: [] });
    // 9:00 AM for 4 hours runs across the 12–1 break: 1:00 PM that day fits, then the next weekdays'.
    const across = (await fit(`moveDate=${moveDays[0]}&startTime=09:00&estimatedHours=4`)).json().result;
    expect(across).toMatchObject({ fits: false, reason: 'This time is outside the business hours' });
    expect(across.next[0]).toEqual({ moveDate: moveDays[0], startTime: '13:00' });
    expect(across.next).toHaveLength(3);
    expect(across.next[1].moveDate > moveDays[0]!).toBe(true);
  });

  it('refuses bad input on its field, other roles (403) and no session (401)', async () => {
    const bad = await fit(`moveDate=${moveDays[0]}&startTime=25:00&estimatedHours=two`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['estimatedHours', 'startTime']);
    const quarter = await fit(`moveDate=${moveDays[0]}&startTime=13:00&estimatedHours=1.1`);
    expect(quarter.json().errors).toEqual({ estimatedHours: MESSAGES.quarterHoursInvalid });
    expect((await fit(`moveDate=${moveDays[0]}&startTime=13:00&estimatedHours=2.5`)).json().result).toMatchObject({
      fits: true,
    });
    const q = `moveDate=${moveDays[0]}&startTime=13:00&estimatedHours=3`;
    for (const token of [user, trucker]) expect((await fit(q, token)).statusCode).toBe(403);
    expect((await call('GET', `${API}/fit?${q}`)).statusCode).toBe(401);
  });

  it('refuses to send a move across the break (409): the reason on startTime, the next times in the message, nothing sent', async () => {
    const email = 'never@example.com';
    const quote = await create({ customerEmail: email, startTime: '09:00', estimatedHours: 4 });
    const res = await call('POST', `${API}/${quote.id}/send`, mover);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual({ startTime: 'This time is outside the business hours' });
    expect(res.json().message).toMatch(
      new RegExp(`^The customer could not accept this quote: .*Times that fit: ${usDate(moveDays[0]!)} 1:00 PM, `),
    );
    expect((await call('GET', `${API}/${quote.id}`, mover)).json().result.status).toBe('draft');
    const mails = await t.db.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails[0]!.n).toBe(0);
    // Five hours never fit a day of 9–12 and 1–5: no time to offer.
    const never = await create({ startTime: '09:00', estimatedHours: 5 });
    const none = await call('POST', `${API}/${never.id}/send`, mover);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no time fits in the next 14 days$/);
  });
});

describe('sending and answering', () => {
  it('sends a draft: the customer gets the link, the quote is sent, a second send is refused', async () => {
    const { quote, token } = await sendNew();
    expect(quote.status).toBe('sent');
    expect(quote.sentAt).toBeTruthy();
    // The mover's page shows the customer's link too.
    expect(quote.publicToken).toBe(token);
    const again = await call('POST', `${API}/${quote.id}/send`, mover);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.status).toBe('This status cannot follow the current one');
    const page = await call('GET', `${PUBLIC}/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().result).toMatchObject({
      number: quote.number,
      businessName: 'Swift Movers',
      status: 'sent',
      totalCents: 125_000,
      expired: false,
      inventory: [{ item: 'Sofa', quantity: 1, cubicFeet: 45 }, expect.anything()],
    });
    expect(page.json().result).not.toHaveProperty('id');
    // Whom the customer contacts: the mover who wrote it, as stored.
    const [me] = await t.db.database.db
      .select({ email: users.email, phone: users.phone })
      .from(users)
      .where(eq(users.email, 'mover@demo.test'));
    expect(page.json().result.contact).toEqual({ email: me!.email, phone: me!.phone || null });
  });

  it('answers the quote as a PDF for its business only', async () => {
    const quote = await create();
    const res = await call('GET', `${API}/${quote.id}/pdf`, mover);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`quote-${quote.number}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `${API}/${foreignQuote}/pdf`, mover)).statusCode).toBe(404);
    expect((await call('GET', `${API}/${quote.id}/pdf`, user)).statusCode).toBe(403);
  });

  it('refuses to send a quote whose valid-until has passed (409 on the field)', async () => {
    const quote = await create();
    await t.db.database.db
      .update(tableOf('quotes'))
      .set({ validUntil: addDays(today, -1) })
      .where(eq(tableOf('quotes').id!, quote.id));
    const res = await call('POST', `${API}/${quote.id}/send`, mover);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors.validUntil).toMatch(/expired/);
  });

  it('answers 404 for an unknown, malformed or draft token', async () => {
    expect((await call('GET', `${PUBLIC}/${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await call('GET', `${PUBLIC}/short`)).statusCode).toBe(404);
    expect((await call('POST', `${PUBLIC}/${'y'.repeat(32)}/accept`, undefined, { version: 'v' })).statusCode).toBe(
      404,
    );
  });

  it('accepts: books the move in the business’s zone, creates the invoice from the pricing and links both, once even when accepted twice at once', async () => {
    const { quote, token } = await sendNew({ moveDate: moveDays[1] });
    const before = await counts();
    const [a, b] = await Promise.all([answerQuote(t, token, 'accept'), answerQuote(t, token, 'accept')]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toBe('This quote is no longer waiting for an answer');
    expect(await counts()).toEqual({ bookings: before.bookings + 1, invoices: before.invoices + 1 });

    const mine = (await call('GET', `${API}/${quote.id}`, mover)).json().result;
    expect(mine).toMatchObject({ status: 'accepted' });
    expect(mine._labels.invoiceId).toMatch(/^INV-/);
    const [booking] = await t.db.database.db.select().from(bookings).where(eq(bookings.id, mine.bookingId));
    // 13:00 in New York on the move day, for the 3 estimated hours.
    const offset = new Date(booking!.startsAt).toISOString();
    expect(offset.slice(0, 10)).toBe(moveDays[1]);
    expect([17, 18]).toContain(new Date(booking!.startsAt).getUTCHours());
    expect(booking!.endsAt.getTime() - booking!.startsAt.getTime()).toBe(3 * 3_600_000);
    expect(booking).toMatchObject({ customerName: 'Casey Customer', status: 'confirmed' });

    const invoice = (await call('GET', `/api/Business/invoices/${mine.invoiceId}`, mover)).json().result;
    expect(invoice).toMatchObject({
      status: 'draft',
      totalCents: 125_000,
      issueDate: today,
      dueDate: addDays(today, 30),
    });
    expect(invoice.lines).toEqual([expect.objectContaining({ quantity: 1, unitPriceCents: 125_000, taxRate: 0 })]);
    // Closed: read-only and not deletable.
    expect((await call('PATCH', `${API}/${quote.id}`, mover, { crewSize: 9 })).statusCode).toBe(400);
    expect((await call('DELETE', `${API}/${quote.id}`, mover)).statusCode).toBe(409);
    // The mover is told.
    const [note] = await t.db.database.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.title, `Quote ${quote.number} accepted`));
    expect(note).toBeTruthy();
    // The move's time as the screens write it (1:00 PM), not the stored 13:00.
    expect(note!.message).toContain(' at 1:00 PM. The move is booked');
    // The page now says accepted; declining afterwards is refused.
    expect((await call('GET', `${PUBLIC}/${token}`)).json().result.status).toBe('accepted');
    expect((await answerQuote(t, token, 'decline')).statusCode).toBe(409);
  });

  it('invoices an hourly quote as billed hours × rate', async () => {
    const { quote, token } = await sendNew({
      moveDate: moveDays[2],
      startTime: '09:00',
      pricingType: 'hourly',
      priceCents: null,
      hourlyRateCents: 14_000,
      estimatedHours: 2,
      minimumHours: 3,
    });
    const res = await answerQuote(t, token, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await call('GET', `${API}/${quote.id}`, mover)).json().result;
    const invoice = (await call('GET', `/api/Business/invoices/${mine.invoiceId}`, mover)).json().result;
    expect(invoice.lines).toEqual([expect.objectContaining({ quantity: 3, unitPriceCents: 14_000 })]);
    expect(invoice.totalCents).toBe(42_000);
  });

  it('takes quarter hours: 2.75 h × $95.50 is $262.63 on the quote, its page, its PDF, its booking and its invoice', async () => {
    const { quote, token } = await sendNew({
      moveDate: moveDays[2],
      startTime: '13:00',
      pricingType: 'hourly',
      priceCents: null,
      hourlyRateCents: 9550,
      estimatedHours: 2.75,
      minimumHours: 1.5,
    });
    // $262.625, rounded half-up to the cent.
    expect(quote).toMatchObject({ estimatedHours: 2.75, minimumHours: 1.5, totalCents: 26_263 });
    const shown = (await call('GET', `${API}/${quote.id}`, mover)).json().result;
    expect(shown).toMatchObject({ estimatedHours: 2.75, minimumHours: 1.5, totalCents: 26_263 });
    const page = (await call('GET', `${PUBLIC}/${token}`)).json().result;
    expect(page).toMatchObject({ estimatedHours: 2.75, minimumHours: 1.5, billedHours: 2.75, totalCents: 26_263 });
    const pdf = await call('GET', `${API}/${quote.id}/pdf`, mover);
    const dir = mkdtempSync(join(tmpdir(), 'quote-pdf-'));
    writeFileSync(join(dir, 'q.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'q.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('estimated 2.75 hours');
    expect(text).toContain('$95.50 per hour x 2.75 hours (minimum 1.5 hours)');
    expect(text).toContain('$262.63');

    // The business charges New York City's sales tax on what it invoices by hand.
    const settings = (await call('GET', `${SETTINGS}/${businessId}`, mover)).json().result;
    const { numberPattern, nextNumber, defaultDueDays, footer } = settings;
    const taxed = await call('POST', SETTINGS, mover, {
      ...{ numberPattern, nextNumber, defaultDueDays, footer },
      defaultTaxRate: 8.875,
    });
    expect(taxed.statusCode, taxed.body).toBe(200);

    const res = await answerQuote(t, token, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await call('GET', `${API}/${quote.id}`, mover)).json().result;
    const [booking] = await t.db.database.db.select().from(bookings).where(eq(bookings.id, mine.bookingId));
    expect(booking!.endsAt.getTime() - booking!.startsAt.getTime()).toBe(165 * 60_000);
    // The invoice reads as the quote did: 2.75 hours × $95.50, its amount the quote's total to the cent,
    // at the quote's own tax rate (0 %: this one was written without one), never the default rate set
    // meanwhile (tests/api/quotes-tax.test.ts has a taxed quote's invoice).
    const invoice = (await call('GET', `/api/Business/invoices/${mine.invoiceId}`, mover)).json().result;
    expect(invoice.lines).toEqual([
      {
        description: `Hourly move, crew of 3 (quote ${quote.number})`,
        quantity: 2.75,
        unitPriceCents: 9550,
        taxRate: 0,
      },
    ]);
    expect(invoice).toMatchObject({ subtotalCents: 26_263, taxCents: 0, totalCents: 26_263 });
    const invoicePdf = await call('GET', `/api/Business/invoices/${mine.invoiceId}/pdf`, mover);
    writeFileSync(join(dir, 'i.pdf'), invoicePdf.rawPayload);
    const invoiceText = execFileSync('pdftotext', ['-layout', join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
    expect(invoiceText).toMatch(/2\.75\s+\$95\.50\s+\$262\.63/);
  });

  it('refuses an expired quote with 410 and writes nothing', async () => {
    const { quote, token } = await sendNew({ moveDate: moveDays[3] });
    await t.db.database.db
      .update(tableOf('quotes'))
      .set({ validUntil: addDays(today, -1) })
      .where(eq(tableOf('quotes').id!, quote.id));
    const before = await counts();
    const res = await answerQuote(t, token, 'accept');
    expect(res.statusCode, res.body).toBe(410);
    expect(res.json().message).toBe('This quote has expired. Ask the mover for a new one');
    expect(await counts()).toEqual(before);
    expect((await call('GET', `${PUBLIC}/${token}`)).json().result).toMatchObject({ status: 'sent', expired: true });
    expect((await call('GET', `${API}/${quote.id}`, mover)).json().result.expired).toBe(true);
  });

  it('refuses a taken slot with a clear 409 and writes nothing; the quote records the attempt and the movers are told', async () => {
    // Both sent while the time is free; the first accept books it.
    const first = await sendNew({ moveDate: moveDays[4] });
    const second = await sendNew({ moveDate: moveDays[4], startTime: '14:00', estimatedHours: 1 });
    expect((await answerQuote(t, first.token, 'accept')).statusCode).toBe(200);
    const before = await counts();
    const res = await answerQuote(t, second.token, 'accept');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/can no longer take your move/);
    expect(await counts()).toEqual(before);
    const mine = (await call('GET', `${API}/${second.quote.id}`, mover)).json().result;
    expect(mine.status).toBe('sent');
    expect(new Date(mine.acceptFailedAt).getTime()).toBe(t.clock.now);
    // The History says the customer (no actor) tried.
    const history = (await call('GET', `${API}/history?id=${second.quote.id}`, mover)).json().result as {
      changes: Record<string, unknown>;
    }[];
    expect(history.some((h) => 'acceptFailedAt' in h.changes)).toBe(true);
    // Every mover of the business hears of it, with when the customer tried.
    const [note] = await t.db.database.db
      .select({ to: notifications.recipientUserId, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.title, `Quote ${second.quote.number}: the customer could not accept`));
    const [me] = await t.db.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'mover@demo.test'));
    expect(note?.to).toBe(me!.id);
    expect(note?.message).toMatch(
      /tried to accept quote Q-\d+ on \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M, but its move/,
    );
    // The invoice counter gave nothing away: the next invoice takes the next number.
    const inv = tableOf('invoices');
    const numbers = await t.db.database.db.select({ n: inv.number! }).from(inv).where(eq(inv.businessId!, businessId));
    const seq = numbers.map((r) => Number(String(r.n).slice(-4))).sort((x, y) => x - y);
    expect(seq.at(-1)).toBe(seq.length);
    // And a new quote for that taken time is not sent: the bookings' reason, and the next times that fit.
    const third = await create({ moveDate: moveDays[4], startTime: '14:00', estimatedHours: 1 });
    const refused = await call('POST', `${API}/${third.id}/send`, mover);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors.startTime).toBe('This time is already booked. Choose another free slot');
    expect(refused.json().message).toContain(`Times that fit: ${usDate(moveDays[4]!)} 4:00 PM, `);
  });

  it('mails in the language of the page: the quote from a Spanish page, its booking from the customer’s; times as on screens, the booking named a move', async () => {
    const email = `es${Math.random().toString(36).slice(2, 8)}@example.com`;
    const quote = await create({ customerEmail: email, moveDate: moveDays[5], startTime: '09:00' });
    const es = { 'accept-language': 'es-ES,es;q=0.9' };
    const sent = await t.call({ method: 'POST', url: `${API}/${quote.id}/send`, token: mover, headers: es });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = async () =>
      (
        await t.db.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, email))
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(1)
      )[0]!;
    const quoted = await mail();
    expect(quoted.subject).toMatch(/^Presupuesto de mudanza Q-\d+ de /);
    // 09:00 as the quote's page shows it, not the stored 24-hour time.
    expect(quoted.text).toContain(`a las 9:00 AM`);
    expect(quoted.text).not.toContain('09:00');
    const token = /\/quote\/([\w-]{32})/.exec(quoted.text)![1]!;
    const accepted = await answerQuote(t, token, 'accept', es);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const booked = await mail();
    expect(booked.subject).toBe(
      `Reserva confirmada: Mudanza (presupuesto ${quote.number}) con ${quoted.subject.split(' de ').at(-1)}`,
    );
    expect(booked.text).not.toContain('Appointment');
    // The weekday in Spanish, the date and time as every screen shows them.
    expect(booked.text).toMatch(
      /Cuándo: [a-zé]+, \d{2}\/\d{2}\/\d{4}, 9:00 AM E[SD]T – [a-zé]+, \d{2}\/\d{2}\/\d{4}, 12:00 PM E[SD]T/,
    );
    // The .ics names as its organizer the address the mail came from.
    const ics = Buffer.from(booked.attachments![0]!.content, 'base64').toString('utf8');
    expect(ics).toMatch(new RegExp(`ORGANIZER;CN=[^:]+:mailto:${booked.fromAddress}\r\n`));
  });

  it('declines: the quote is declined and closed, and the mover is told', async () => {
    const { quote, token } = await sendNew({ moveDate: moveDays[5] });
    const res = await answerQuote(t, token, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.status).toBe('declined');
    expect((await call('GET', `${API}/${quote.id}`, mover)).json().result.status).toBe('declined');
    expect((await answerQuote(t, token, 'accept')).statusCode).toBe(409);
    const [line] = await t.db.database.db
      .select({ n: count() })
      .from(linesTableOf('quotes', 'inventory'))
      .where(eq(linesTableOf('quotes', 'inventory').recordId!, quote.id));
    expect(line!.n).toBe(2);
  });
});
