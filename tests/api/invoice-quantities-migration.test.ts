/**
 * The migration that lets an invoice line's quantity take 2 decimals
 * (server/db/migrations/0056_invoice_line_quantities.sql) keeps every stored quantity: whole numbers
 * become the same numbers exactly (3 → 3.00, 10,000 → 10000.00), and every total the API computes
 * stays what it was. On this file's copy of the database the column is put back as it was before
 * the migration (an integer), old-style quantities written, and the migration's own statements run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { linesTableOf, tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';

const INVOICES = '/api/Business/invoices';

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
    const lines = linesTableOf('invoices', 'lines');
    const draftLines = await db
      .select({ id: lines.id! })
      .from(lines)
      .where(eq(lines.recordId!, draft))
      .orderBy(asc(lines.position!));
    const quantities = [1, 10_000, 7];
    for (const [i, line] of draftLines.entries()) {
      await db.execute(sql`update mover_invoices_lines set quantity = ${quantities[i]} where id = ${line.id}`);
    }
    const draftBefore = await get(`${INVOICES}/${draft}`);

    const migration = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_invoice_line_quantities.sql'));
    expect(migration).toBeTruthy();
    const statements = readFileSync(join(MIGRATIONS_DIR, migration!), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const statement of statements) await db.execute(sql.raw(statement));

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
