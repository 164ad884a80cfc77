/**
 * A sent quote edited while its customer reads it (docs/quotes.md, "Editing a sent quote"): the
 * mover may edit it, the customer's page names the version it shows, and an accept or decline
 * naming an older version is refused with 409 and writes nothing (no booking, no invoice, no
 * notification, still sent), while the version the page now shows is answered. An answer that
 * names no version is a 400 on the field. An edit and an accept at once: one of them wins, never
 * both. Accepted and declined quotes are closed: an edit is refused on its field (400), a delete
 * with 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import { notifications, recordCounters, users } from '../../server/db/schema';
import { bookings } from '../../server/modules/bookings/tables';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { answerQuote, lastQuoteMail, moveWeekdays } from './helpers/quotes';

const API = '/api/Business/quotes';
const PUBLIC = '/api/Public/quotes';

let t: TestApp;
let mover: string;
let businessId: string;
let today: string;
let moveDays: string[];

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) => t.call({ method, url, token, payload });

type Quote = Record<string, unknown> & { id: string; number: string; status: string };
/** A new quote, sent: the quote and its link's token. */
const sendNew = async (extra: object = {}) => {
  const email = `v${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await call('POST', API, mover, {
    customerName: 'Robin Reader',
    customerEmail: email,
    moveDate: moveDays[0],
    startTime: '09:00',
    originAddress: '12 Elm St, Brooklyn, NY',
    destinationAddress: '400 Park Ave, New York, NY',
    pricingType: 'binding',
    priceCents: 90_000,
    estimatedHours: 2,
    crewSize: 2,
    inventory: [{ item: 'Sofa', quantity: 1, cubicFeet: 45 }],
    validUntil: addDays(today, 10),
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json().result as Quote).id;
  const sent = await call('POST', `${API}/${id}/send`, mover);
  expect(sent.statusCode, sent.body).toBe(200);
  return { quote: sent.json().result as Quote, token: (await lastQuoteMail(t.db.database.db, email)).token };
};
const page = async (token: string) => (await call('GET', `${PUBLIC}/${token}`)).json().result;
const answerNaming = (token: string, answer: 'accept' | 'decline', version: unknown) =>
  call('POST', `${PUBLIC}/${token}/${answer}`, undefined, version === undefined ? {} : { version });
/** What an answer would write: the business's bookings and invoices, and the quote's notifications. */
const written = async (quote: Quote) => {
  const db = t.db.database.db;
  const invoices = tableOf('invoices');
  const [b] = await db.select({ n: count() }).from(bookings).where(eq(bookings.businessId, businessId));
  const [i] = await db.select({ n: count() }).from(invoices).where(eq(invoices.businessId!, businessId));
  const notes = await db.select({ title: notifications.title }).from(notifications);
  return {
    bookings: b!.n,
    invoices: i!.n,
    notified: notes.filter((n) => n.title.includes(quote.number)).length,
  };
};
const stored = async (quote: Quote) => (await call('GET', `${API}/${quote.id}`, mover)).json().result as Quote;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  mover = (await t.login('mover@demo.test')).access;
  const db = t.db.database.db;
  const [me] = await db.select({ businessId: users.businessId }).from(users).where(eq(users.email, 'mover@demo.test'));
  businessId = me!.businessId!;
  // Out of the way of this file's moves (the demo's bookings fall on weekdays counted from today),
  // and the quotes numbered from Q-0001 again, so a notification's title names one quote only.
  await db.delete(bookings).where(eq(bookings.businessId, businessId));
  await db.delete(tableOf('quotes')).where(eq(tableOf('quotes').businessId!, businessId));
  await db
    .delete(recordCounters)
    .where(and(eq(recordCounters.businessId, businessId), eq(recordCounters.counter, 'quotes')));
  today = zonedDay(t.clock.now, 'America/New_York');
  moveDays = moveWeekdays(today, 5);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('a sent quote edited while the customer reads it', () => {
  it('refuses an answer to the version the customer read (409, nothing written) and takes one to the version shown now', async () => {
    const { quote, token } = await sendNew();
    const read = await page(token);
    expect(read.version).toMatch(/^[\w-]{22}$/);
    // A save that changes nothing the customer reads keeps the version.
    const same = await call('PATCH', `${API}/${quote.id}`, mover, { crewSize: 2, customerEmail: 'robin@example.com' });
    expect(same.statusCode, same.body).toBe(200);
    expect((await page(token)).version).toBe(read.version);

    // The mover edits the sent quote: allowed, and the customer's link shows the change at once.
    const edited = await call('PATCH', `${API}/${quote.id}`, mover, {
      priceCents: 110_000,
      inventory: [
        { item: 'Sofa', quantity: 1, cubicFeet: 45 },
        { item: 'Piano', quantity: 1, cubicFeet: 60 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result.status).toBe('sent');
    const now = await page(token);
    expect(now).toMatchObject({ status: 'sent', totalCents: 110_000 });
    expect(now.inventory).toHaveLength(2);
    expect(now.version).not.toBe(read.version);

    // The customer answers what they read: refused, and nothing is written.
    const before = await written(quote);
    for (const answer of ['accept', 'decline'] as const) {
      const refused = await answerNaming(token, answer, read.version);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(MESSAGES.quoteChanged);
    }
    expect(await written(quote)).toEqual(before);
    expect(await stored(quote)).toMatchObject({ status: 'sent', answeredAt: null, bookingId: null });

    // The version the page now shows is accepted: the booking and the invoice are of its price.
    const accepted = await answerNaming(token, 'accept', now.version);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().result).toMatchObject({ status: 'accepted', totalCents: 110_000 });
    const mine = await stored(quote);
    const invoice = (await call('GET', `/api/Business/invoices/${String(mine.invoiceId)}`, mover)).json().result;
    expect(invoice.totalCents).toBe(110_000);
  });

  it('sending is a new version even in the millisecond of the last save: the form opened before answers 409', async () => {
    const created = await call('POST', API, mover, {
      customerName: 'Sam Same',
      customerEmail: 'sam@example.com',
      moveDate: moveDays[1],
      startTime: '09:00',
      originAddress: '12 Elm St, Brooklyn, NY',
      destinationAddress: '400 Park Ave, New York, NY',
      pricingType: 'binding',
      priceCents: 90_000,
      estimatedHours: 2,
      crewSize: 2,
      validUntil: addDays(today, 10),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json().result as Quote).id;
    // Saved in this very millisecond (the test's clock stands still), and opened in the edit form.
    const table = tableOf('quotes');
    await t.db.database.db
      .update(table)
      .set({ updatedAt: new Date(t.clock.now) })
      .where(eq(table.id!, id));
    const opened = await stored({ id } as Quote);
    const sent = await call('POST', `${API}/${id}/send`, mover);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(Date.parse(String(sent.json().result.updatedAt))).toBeGreaterThan(Date.parse(String(opened.updatedAt)));
    const stale = await call('PATCH', `${API}/${id}`, mover, { crewSize: 3, updatedAt: opened.updatedAt });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(MESSAGES.recordChangedMeanwhile);
  });

  it('changing an inventory line, the move’s time or the tax is a new version; answering names it', async () => {
    const { quote, token } = await sendNew({ moveDate: moveDays[1] });
    let version = (await page(token)).version as string;
    for (const change of [
      { inventory: [{ item: 'Sofa', quantity: 2, cubicFeet: 45 }] },
      { startTime: '10:00' },
      { taxRate: 8.875 },
      { notes: 'Parking permit arranged' },
    ]) {
      const res = await call('PATCH', `${API}/${quote.id}`, mover, change);
      expect(res.statusCode, res.body).toBe(200);
      const next = (await page(token)).version as string;
      expect(next, JSON.stringify(change)).not.toBe(version);
      version = next;
    }
    const declined = await answerNaming(token, 'decline', version);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().result.status).toBe('declined');
  });

  it('refuses an answer that names no version, or one that is not a version, on the field (400)', async () => {
    const { quote, token } = await sendNew({ moveDate: moveDays[2] });
    const before = await written(quote);
    for (const version of [undefined, '', 42, 'x'.repeat(65)]) {
      const res = await answerNaming(token, 'accept', version);
      expect(res.statusCode, `${String(version)}: ${res.body}`).toBe(400);
      expect(res.json().errors.version).toBe(MESSAGES.quoteVersionRequired);
    }
    const wrong = await answerNaming(token, 'accept', 'not-the-version');
    expect(wrong.statusCode).toBe(409);
    expect(await written(quote)).toEqual(before);
    // An unknown link is still a 404, version or not.
    expect((await answerNaming('z'.repeat(32), 'decline', 'v')).statusCode).toBe(404);
  });

  it('an edit and an accept at the same moment: exactly one wins', async () => {
    for (const [i, day] of [moveDays[3]!, moveDays[4]!].entries()) {
      const { quote, token } = await sendNew({ moveDate: day, startTime: '13:00' });
      const { version } = await page(token);
      const [edit, accept] = await Promise.all([
        call('PATCH', `${API}/${quote.id}`, mover, { priceCents: 95_000 + i }),
        answerNaming(token, 'accept', version),
      ]);
      const codes = [edit.statusCode, accept.statusCode];
      expect(
        codes.filter((c) => c === 200),
        `${edit.body} ${accept.body}`,
      ).toHaveLength(1);
      const after = await stored(quote);
      if (accept.statusCode === 200) {
        // Accepted first: the edit found the quote closed.
        expect(edit.statusCode).toBe(409);
        expect(after).toMatchObject({ status: 'accepted', priceCents: 90_000 });
      } else {
        // Edited first: the customer is told it changed, and nothing was booked.
        expect(accept.statusCode).toBe(409);
        expect(accept.json().message).toBe(MESSAGES.quoteChanged);
        expect(after).toMatchObject({ status: 'sent', priceCents: 95_000 + i, bookingId: null });
      }
    }
  });
});

describe('an answered quote is closed', () => {
  it('refuses editing or deleting an accepted or declined quote, and sending it again', async () => {
    const accepted = await sendNew({ moveDate: moveDays[2], startTime: '14:00', estimatedHours: 1 });
    expect((await answerQuote(t, accepted.token, 'accept')).statusCode).toBe(200);
    const declined = await sendNew({ moveDate: moveDays[2], startTime: '15:00', estimatedHours: 1 });
    expect((await answerQuote(t, declined.token, 'decline')).statusCode).toBe(200);
    for (const { quote, token } of [accepted, declined]) {
      const shown = await page(token);
      const edit = await call('PATCH', `${API}/${quote.id}`, mover, {
        priceCents: 1,
        inventory: [{ item: 'Everything', quantity: 1 }],
      });
      expect(edit.statusCode, edit.body).toBe(400);
      // Nothing reopens an answered quote: the refusal says to make a new one.
      expect(edit.json().errors).toEqual({ priceCents: MESSAGES.quoteClosed, inventory: MESSAGES.quoteClosed });
      expect((await call('DELETE', `${API}/${quote.id}`, mover)).json().message).toBe(MESSAGES.quoteClosed);
      expect((await call('POST', `${API}/${quote.id}/send`, mover)).statusCode).toBe(400);
      // The customer's page reads as it did when they answered.
      expect(await page(token)).toEqual(shown);
    }
  });
});
