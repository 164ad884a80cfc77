/**
 * The money migrations keep every stored value (each test puts its columns back as they were
 * before its migration on this file's copy of the database, writes old-style values, and runs the
 * migration's own statements again):
 * - server/db/migrations/0055_tax_rates_and_quarter_hours.sql made tax rates 3-decimal percents and
 *   quote hours quarter hours: basis points become the same percent (825 → 8.25, 9999 → 99.99,
 *   10000 → 100), whole hours the same hours, and every total the API computes stays what the old
 *   rule made of it;
 * - server/db/migrations/0056_invoice_line_quantities.sql lets an invoice line's quantity take 2
 *   decimals: whole numbers become the same numbers exactly (3 → 3.00, 10,000 → 10000.00), and
 *   every total stays what it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { linesTableOf, tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { runMigration } from './helpers/migration';

const INVOICES = '/api/Business/invoices';
const QUOTES = '/api/Business/quotes';
const SETTINGS = '/api/Business/invoice-settings';

let t: TestApp;
let mover: string;
let businessId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  mover = (await t.login('mover@demo.test')).access;
  const db = t.db.database.db;
  const [me] = await db.select({ businessId: users.businessId }).from(users).where(eq(users.email, 'mover@demo.test'));
  businessId = me!.businessId!;
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.call({ method: 'GET', url, token: mover });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Record<string, unknown>;
};

/** An invoice's line ids in their order. */
async function linesOf(invoiceId: string) {
  const lines = linesTableOf('invoices', 'lines');
  return t.db.database.db
    .select({ id: lines.id! })
    .from(lines)
    .where(eq(lines.recordId!, invoiceId))
    .orderBy(asc(lines.position!));
}

/** The columns as they were before the migration: tax rates and percent discounts in basis points, whole hours. */
const BEFORE = [
  'ALTER TABLE "invoice_settings" ALTER COLUMN "default_tax_rate" SET DATA TYPE integer USING round("default_tax_rate" * 100)',
  'ALTER TABLE "mover_invoices" ALTER COLUMN "discount_percent" SET DATA TYPE integer USING round("discount_percent" * 100)',
  'ALTER TABLE "mover_invoices_lines" ALTER COLUMN "tax_rate" SET DATA TYPE integer USING round("tax_rate" * 100)',
  'ALTER TABLE "mover_quotes" ALTER COLUMN "estimated_hours" SET DATA TYPE integer USING round("estimated_hours")',
  'ALTER TABLE "mover_quotes" ALTER COLUMN "minimum_hours" SET DATA TYPE integer USING round("minimum_hours")',
];

describe('migration: tax rates as 3-decimal percents, hours as quarter hours', () => {
  it('converts the stored basis points and whole hours without losing a value or a cent', async () => {
    const db = t.db.database.db;
    const invoices = tableOf('invoices');
    const demo = await db
      .select({ id: invoices.id!, number: invoices.number! })
      .from(invoices)
      .where(eq(invoices.businessId!, businessId))
      .orderBy(asc(invoices.number!));
    expect(demo).toHaveLength(2);
    const [sent, draft] = demo.map((d) => String(d.id));
    const quotes = tableOf('quotes');
    const quoteIds = (await db.select({ id: quotes.id! }).from(quotes).where(eq(quotes.businessId!, businessId))).map(
      (q) => String(q.id),
    );
    const before = {
      sent: await get(`${INVOICES}/${sent}`),
      quotes: await Promise.all(quoteIds.map((id) => get(`${QUOTES}/${id}`))),
    };
    expect(before.sent).toMatchObject({ discountPercent: 5 });
    expect(before.quotes.map((q) => q.estimatedHours)).toEqual([3, 3]);

    for (const statement of BEFORE) await db.execute(sql.raw(statement));
    // Rows as the old columns held them: the draft's lines at 8.87 %, 99.99 % and 100 % in basis
    // points, and a default tax rate of 8.88 %.
    const draftLines = await linesOf(draft!);
    const points = [887, 9999, 10_000];
    for (const [i, line] of draftLines.entries()) {
      await db.execute(sql`update mover_invoices_lines set tax_rate = ${points[i]} where id = ${line.id}`);
    }
    await db.execute(
      sql`insert into invoice_settings (business_id, default_tax_rate) values (${businessId}, 888)
          on conflict (business_id) do update set default_tax_rate = 888`,
    );

    await runMigration(t, '_tax_rates_and_quarter_hours.sql');

    // The sent invoice and the quotes read exactly as before: 8.25 % and 5 % came back as themselves.
    expect(await get(`${INVOICES}/${sent}`)).toEqual(before.sent);
    expect(await Promise.all(quoteIds.map((id) => get(`${QUOTES}/${id}`)))).toEqual(before.quotes);
    const migrated = await get(`${INVOICES}/${draft}`);
    expect((migrated.lines as { taxRate: number }[]).map((l) => l.taxRate)).toEqual([8.87, 99.99, 100]);
    // $2,850 at 8.87 % = $252.795 → $252.80; $350 at 99.99 % = $349.965 → $349.97; $120 at 100 %:
    // what the old rule, floor((cents × bp + 5000) / 10000), made of the basis points.
    const oldRule = (cents: number, bp: number) => Math.floor((cents * bp + 5000) / 10_000);
    expect(migrated).toMatchObject({
      taxCents: oldRule(285_000, 887) + oldRule(35_000, 9999) + oldRule(12_000, 10_000),
      totalCents: 332_000 + 25_280 + 34_997 + 12_000,
    });
    expect((await get(`${SETTINGS}/${businessId}`)).defaultTaxRate).toBe(8.88);
  });
});

describe('migration: invoice line quantities with 2 decimals', () => {
  it('converts the stored whole quantities without losing a value or a cent', async () => {
    const db = t.db.database.db;
    const invoices = tableOf('invoices');
    const demo = await db
      .select({ id: invoices.id! })
      .from(invoices)
      .where(eq(invoices.businessId!, businessId))
      .orderBy(asc(invoices.number!));
    expect(demo).toHaveLength(2);
    const [sent, draft] = demo.map((d) => String(d.id));
    const before = await get(`${INVOICES}/${sent}`);
    // The demo's sent invoice: 5 hours, 1 truck, 20 boxes.
    expect((before.lines as { quantity: number }[]).map((l) => l.quantity)).toEqual([5, 1, 20]);

    await db.execute(sql.raw('ALTER TABLE "mover_invoices_lines" ALTER COLUMN "quantity" SET DATA TYPE integer'));
    // The draft's lines as the old column held them, the largest quantity the old rule took among them.
    const draftLines = await linesOf(draft!);
    const quantities = [1, 10_000, 7];
    for (const [i, line] of draftLines.entries()) {
      await db.execute(sql`update mover_invoices_lines set quantity = ${quantities[i]} where id = ${line.id}`);
    }
    const draftBefore = await get(`${INVOICES}/${draft}`);

    await runMigration(t, '_invoice_line_quantities.sql');

    // Both invoices read exactly as before: the same quantities, amounts and totals.
    expect(await get(`${INVOICES}/${sent}`)).toEqual(before);
    const migrated = await get(`${INVOICES}/${draft}`);
    expect(migrated).toEqual(draftBefore);
    expect((migrated.lines as { quantity: number }[]).map((l) => l.quantity)).toEqual(quantities);
    // $2,850 + 10,000 × $350 + 7 × $120.
    expect(migrated).toMatchObject({ subtotalCents: 285_000 + 350_000_000 + 84_000 });
    const stored = await db.execute(
      sql`select quantity::text as q from mover_invoices_lines where record_id = ${draft} order by position`,
    );
    expect(stored.rows.map((r) => (r as { q: string }).q)).toEqual(['1.00', '10000.00', '7.00']);
  });
});
