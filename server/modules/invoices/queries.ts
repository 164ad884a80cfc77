/** The invoices' reads: the declared resource and its tables, totals for a page of invoices, one invoice with its lines. */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoiceDiscount, invoiceTotals, isOverdue, type InvoiceLineInput } from '../../../src/domain/invoices/totals';
import { zonedDay } from '../../../src/domain/venue/opening-hours';
import type { DbOrTx } from '../../db/client';
import { businesses } from '../../db/schema';
import { declarationOf, tableOf } from '../../resources/tables';
import { loadLines, loadRow, type Row } from '../../resources/records';

export const invoicesResource = () => declarationOf('invoices')!;
export const invoicesTable = () => tableOf('invoices');

/** Today (YYYY-MM-DD) in each business's time zone: an invoice turns overdue at the business's midnight. */
export async function businessDays(db: DbOrTx, ids: string[], now: number): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: businesses.id, timeZone: businesses.timeZone })
    .from(businesses)
    .where(inArray(businesses.id, [...new Set(ids)]));
  return new Map(rows.map((b) => [b.id, zonedDay(now, b.timeZone)]));
}

/**
 * The computed fields of a page of invoices (registerComputedFields): the totals from their lines
 * (one query for the page) and overdue, derived from the due date and the business's day.
 */
export async function computedInvoices(app: FastifyInstance, rows: readonly Row[]): Promise<Map<string, Row>> {
  const { db } = app.ctx.database;
  const ids = rows.map((r) => r.id as string);
  const [lines, days] = await Promise.all([
    loadLines(db, invoicesResource(), ids),
    businessDays(db, rows.map((r) => r.businessId as string).filter(Boolean), app.ctx.now()),
  ]);
  return new Map(
    rows.map((row) => {
      const totals = invoiceTotals(
        (lines.get(row.id as string)?.lines ?? []) as InvoiceLineInput[],
        invoiceDiscount(row),
      );
      const today = days.get(row.businessId as string) ?? zonedDay(app.ctx.now(), 'America/New_York');
      return [
        row.id as string,
        {
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
          overdue: isOverdue(row, today),
        },
      ];
    }),
  );
}

/** One invoice of the caller's business with its lines (404 otherwise). */
export async function invoiceWithLines(app: FastifyInstance, id: unknown, businessId: string | null) {
  const resource = invoicesResource();
  const row = await loadRow(app, resource, invoicesTable(), id, businessId);
  const lines = (await loadLines(app.ctx.database.db, resource, [row.id as string])).get(row.id as string)!;
  return { ...row, ...lines } as Row & { lines: (InvoiceLineInput & { description: string })[] };
}
