/**
 * A quote's tax (src/domain/quotes/pricing.ts, server/modules/quotes): the rate is checked by the
 * invoice line's rule with its message on create and edit (never a 500, another business's quote
 * 404); the computed subtotal, tax and total on the record, the public page, the PDF and the mail;
 * and accepting makes the draft invoice's line at the quote's rate, so the invoice's total is the
 * accepted total to the cent. Quotes written before the rate get 0 % from the migration. Runs on
 * PostgreSQL with the suite and on PGlite by hand (docs/testing.md; the report of the change has
 * the commands).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { bookings } from '../../server/modules/bookings/tables';
import { tableOf } from '../../server/resources/tables';
import { MESSAGES } from '../../src/domain/messages';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import { createTestApp, type TestApp } from './helpers/app';
import { answerQuote, insertForeignQuote, lastQuoteMail, moveWeekdays } from './helpers/quotes';

const API = '/api/Business/quotes';
const PUBLIC = '/api/Public/quotes';

let t: TestApp;
let mover: string;
let businessId: string;
let foreignQuote: string;
let today: string;
let moveDays: string[];

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: object) => t.call({ method, url, token, payload });
type Quote = Record<string, unknown> & { id: string; number: string };

const body = (extra: object = {}) => ({
  customerName: 'Taylor Taxed',
  customerEmail: `t${Math.random().toString(36).slice(2, 8)}@example.com`,
  moveDate: moveDays[0],
  startTime: '13:00',
  originAddress: '12 Elm St, Brooklyn, NY',
  destinationAddress: '400 Park Ave, New York, NY',
  pricingType: 'binding',
  priceCents: 123_456,
  taxRate: 8.875,
  estimatedHours: 3,
  crewSize: 3,
  validUntil: addDays(today, 10),
  ...extra,
});
const create = async (extra: object = {}): Promise<Quote> => {
  const res = await call('POST', API, mover, body(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Quote;
};
/** Creates and sends a quote: the quote, its link's token and the mail's text. */
const sendNew = async (extra: object = {}) => {
  const quote = await create(extra);
  const res = await call('POST', `${API}/${quote.id}/send`, mover);
  expect(res.statusCode, res.body).toBe(200);
  const { text: mail, token } = await lastQuoteMail(t.db.database.db, String(quote.customerEmail));
  return { quote, mail, token };
};
const pdfText = async (url: string) => {
  const res = await call('GET', url, mover);
  expect(res.statusCode).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'quote-tax-')), 'q.pdf');
  writeFileSync(file, res.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
/** Accepts by the link and answers the draft invoice it made. */
const acceptAndInvoice = async (quote: Quote, token: string) => {
  const res = await answerQuote(t, token, 'accept');
  expect(res.statusCode, res.body).toBe(200);
  const mine = (await call('GET', `${API}/${quote.id}`, mover)).json().result;
  return (await call('GET', `/api/Business/invoices/${mine.invoiceId}`, mover)).json().result;
};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  mover = (await t.login('mover@demo.test')).access;
  const db = t.db.database.db;
  const [me] = await db.select({ businessId: users.businessId }).from(users).where(eq(users.email, 'mover@demo.test'));
  businessId = me!.businessId!;
  // The demo's bookings fall on weekdays counted from today: out of the way of this file's moves.
  await db.delete(bookings).where(eq(bookings.businessId, businessId));
  today = zonedDay(t.clock.now, 'America/New_York');
  moveDays = moveWeekdays(today, 4);
  foreignQuote = await insertForeignQuote(db, { moveDate: moveDays[0]!, validUntil: addDays(today, 5), taxRate: 5 });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the tax rate', () => {
  it.each([
    [101, MESSAGES.percentInvalid],
    [-1, MESSAGES.percentInvalid],
    [8.8751, MESSAGES.percentInvalid],
    ['8.875', MESSAGES.percentInvalid],
    ['eight', MESSAGES.percentInvalid],
    [{ rate: 8 }, MESSAGES.percentInvalid],
  ])('refuses %j on create and edit with the form’s message, writing nothing', async (taxRate, message) => {
    const table = tableOf('quotes');
    const [before] = await t.db.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    const created = await call('POST', API, mover, body({ taxRate }));
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().errors).toEqual({ taxRate: message });
    const [after] = await t.db.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    expect(after!.n).toBe(before!.n);
    const quote = await create({ taxRate: 8.25 });
    const edited = await call('PATCH', `${API}/${quote.id}`, mover, { taxRate });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().errors).toEqual({ taxRate: message });
    expect((await call('GET', `${API}/${quote.id}`, mover)).json().result.taxRate).toBe(8.25);
  });

  it('takes 0 and 100, 0 when left out or empty, requires it on edit, and edits it; another business’s quote is not there to edit', async () => {
    expect((await create({ taxRate: 0 })).taxCents).toBe(0);
    expect((await create({ taxRate: 100 })).totalCents).toBe(246_912);
    const { taxRate: _left, ...without } = body();
    const res = await call('POST', API, mover, without);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ taxRate: 0, subtotalCents: 123_456, taxCents: 0, totalCents: 123_456 });
    // Empty on create is left out (the declared 0); emptied on edit, it is required.
    expect((await create({ taxRate: null })).taxRate).toBe(0);
    const emptied = await call('PATCH', `${API}/${res.json().result.id}`, mover, { taxRate: null });
    expect(emptied.statusCode, emptied.body).toBe(400);
    expect(emptied.json().errors).toEqual({ taxRate: 'This field is required' });
    const edited = await call('PATCH', `${API}/${res.json().result.id}`, mover, { taxRate: 7.125 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({ taxRate: 7.125, taxCents: 8_796, totalCents: 132_252 });
    const theirs = await call('PATCH', `${API}/${foreignQuote}`, mover, { taxRate: 9 });
    expect(theirs.statusCode).toBe(404);
    const [row] = await t.db.database.db
      .select({ taxRate: tableOf('quotes').taxRate! })
      .from(tableOf('quotes'))
      .where(eq(tableOf('quotes').id!, foreignQuote));
    expect(row!.taxRate).toBe(5);
  });
});

describe('a taxed quote, from the mover to the invoice', () => {
  it('$1,234.56 at 8.875 %: $109.57 tax, $1,344.13 on the record, the page, the PDF, the mail and the invoice', async () => {
    // Notes as a phone types them (curly apostrophe and quotes, a dash): the PDF's fonts draw them.
    const notes = 'Sam’s “upright” piano — 2–3 movers…';
    const { quote, token, mail } = await sendNew({ moveDate: moveDays[1], notes });
    const figures = { subtotalCents: 123_456, taxRate: 8.875, taxCents: 10_957, totalCents: 134_413 };
    expect(quote).toMatchObject(figures);
    expect((await call('GET', `${API}/${quote.id}`, mover)).json().result).toMatchObject(figures);
    expect((await call('GET', `${PUBLIC}/${token}`)).json().result).toMatchObject(figures);
    expect(mail).toContain('$1,344.13 (including $109.57 tax at 8.875%)');
    const pdf = await pdfText(`${API}/${quote.id}/pdf`);
    expect(pdf).toContain('Subtotal: $1,234.56');
    expect(pdf).toContain('Tax (8.875%): $109.57');
    expect(pdf).toContain('Total: $1,344.13');
    expect(pdf).toContain(`Notes: ${notes}`);
    expect(pdf).toContain('at 1:00 PM');

    const invoice = await acceptAndInvoice(quote, token);
    expect(invoice.lines).toEqual([expect.objectContaining({ quantity: 1, unitPriceCents: 123_456, taxRate: 8.875 })]);
    expect(invoice).toMatchObject({ status: 'draft', subtotalCents: 123_456, taxCents: 10_957, totalCents: 134_413 });
  });

  it('hourly 2.75 h × $95.50 at 8.25 %: an estimate of $284.30, and the invoice of the same hours adds up to it', async () => {
    const { quote, token, mail } = await sendNew({
      moveDate: moveDays[2],
      startTime: '09:00',
      pricingType: 'hourly',
      priceCents: null,
      hourlyRateCents: 9_550,
      estimatedHours: 2.75,
      taxRate: 8.25,
    });
    expect(quote).toMatchObject({ subtotalCents: 26_263, taxCents: 2_167, totalCents: 28_430 });
    expect(mail).toContain('$95.50 per hour, estimated $284.30 (including $21.67 tax at 8.25%)');
    const pdf = await pdfText(`${API}/${quote.id}/pdf`);
    expect(pdf).toContain('Estimated total: $284.30');
    expect(pdf).toContain('An estimate for the estimated hours');
    const invoice = await acceptAndInvoice(quote, token);
    expect(invoice.lines).toEqual([expect.objectContaining({ quantity: 2.75, unitPriceCents: 9_550, taxRate: 8.25 })]);
    expect(invoice).toMatchObject({ subtotalCents: 26_263, taxCents: 2_167, totalCents: 28_430 });
  });

  it('not-to-exceed: the cap the customer reads includes the tax, and the invoice does not pass it', async () => {
    const { quote, token } = await sendNew({
      moveDate: moveDays[3],
      pricingType: 'not_to_exceed',
      priceCents: 90_000,
      taxRate: 8.25,
    });
    expect((await call('GET', `${PUBLIC}/${token}`)).json().result).toMatchObject({
      taxCents: 7_425,
      totalCents: 97_425,
    });
    expect(await pdfText(`${API}/${quote.id}/pdf`)).toContain('Not to exceed, tax included: $974.25');
    const invoice = await acceptAndInvoice(quote, token);
    expect(invoice.totalCents).toBe(97_425);
  });
});

describe('the migration', () => {
  it('gives the quotes written before the rate 0 %: their totals stay what the customer was promised', async () => {
    const db = t.db.database.db;
    const table = tableOf('quotes');
    const migration = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_quote_tax_rate.sql'));
    expect(migration).toBeTruthy();
    await db.execute(sql.raw('ALTER TABLE "mover_quotes" DROP COLUMN "tax_rate"'));
    await db.execute(
      sql.raw(`INSERT INTO "mover_quotes" ("business_id", "number", "customer_name", "customer_email", "move_date",
        "start_time", "origin_address", "destination_address", "pricing_type", "price_cents", "estimated_hours",
        "crew_size", "valid_until", "status")
        VALUES ('${businessId}', 'Q-OLD-1', 'Old Customer', 'old@example.com', '${moveDays[0]}', '09:00',
        '1 Old St, Brooklyn', '2 Old St, Brooklyn', 'binding', 184000, 3, 3, '${addDays(today, 5)}', 'sent')`),
    );
    for (const statement of readFileSync(join(MIGRATIONS_DIR, migration!), 'utf8').split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const [old] = await db
      .select({ id: table.id!, taxRate: table.taxRate! })
      .from(table)
      .where(eq(table.number!, 'Q-OLD-1'));
    expect(old!.taxRate).toBe(0);
    expect((await call('GET', `${API}/${String(old!.id)}`, mover)).json().result).toMatchObject({
      taxRate: 0,
      taxCents: 0,
      totalCents: 184_000,
    });
    // No default is left behind: a quote is written with its rate (the form's or the declaration's 0).
    const insert = db.execute(
      sql.raw(`INSERT INTO "mover_quotes" ("business_id", "number", "customer_name", "customer_email", "move_date",
        "start_time", "origin_address", "destination_address", "pricing_type", "estimated_hours", "crew_size",
        "valid_until", "status") VALUES ('${businessId}', 'Q-OLD-2', 'x', 'x@example.com', '${moveDays[0]}', '09:00',
        'a', 'b', 'binding', 3, 3, '${addDays(today, 5)}', 'draft')`),
    );
    await expect(insert).rejects.toThrow();
  });
});
