/** The invoices' reads: the declared resource and its tables, totals for a page of invoices, one invoice with its lines. */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  invoiceFigures,
  isOverdue,
  type InvoiceLineInput,
  type InvoiceTotals,
} from '../../../src/domain/invoices/totals';
import { zonedDay } from '../../../src/domain/venue/opening-hours';
import type { DbOrTx } from '../../db/client';
import { businesses } from '../../db/schema';
import { declarationOf, tableOf } from '../../resources/tables';
import { LINE_AMOUNTS } from '../../resources/computed-fields';
import { loadLines, loadRow, type Row } from '../../resources/records';
import { invoiceTotals } from './tables';

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

/** The figures stored when these invoices left draft (invoice_totals), by invoice id. */
export async function frozenTotals(db: DbOrTx, ids: readonly string[]): Promise<Map<string, InvoiceTotals>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(invoiceTotals)
    .where(inArray(invoiceTotals.invoiceId, [...ids]));
  return new Map(
    rows.map((r) => [
      r.invoiceId,
      {
        subtotalCents: r.subtotalCents,
        discountCents: r.discountCents,
        taxCents: r.taxCents,
        totalCents: r.totalCents,
        taxes: r.taxes,
        lines: r.lines,
      },
    ]),
  );
}

/**
 * The computed fields of a page of invoices (registerComputedFields): the totals (a draft's from
 * its lines, a closed invoice's as stored when it left draft: invoiceFigures; one query each for
 * the page), each line's amount from the same figures (LINE_AMOUNTS: the invoice's page shows it
 * beside each line, as the PDF and the mail print it, never worked out again in the browser) and
 * overdue, derived from the due date and the business's day.
 */
export async function computedInvoices(app: FastifyInstance, rows: readonly Row[]): Promise<Map<string, Row>> {
  const { db } = app.ctx.database;
  const ids = rows.map((r) => r.id as string);
  const [lines, frozen, days] = await Promise.all([
    loadLines(db, invoicesResource(), ids),
    frozenTotals(db, ids),
    businessDays(db, rows.map((r) => r.businessId as string).filter(Boolean), app.ctx.now()),
  ]);
  return new Map(
    rows.map((row) => {
      const totals = invoiceFigures(
        { ...row, lines: (lines.get(row.id as string)?.lines ?? []) as InvoiceLineInput[] },
        frozen.get(row.id as string),
      );
      const today = days.get(row.businessId as string) ?? zonedDay(app.ctx.now(), 'America/New_York');
      return [
        row.id as string,
        {
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
          [LINE_AMOUNTS]: { lines: totals.lines.map((line) => line.amountCents) },
          overdue: isOverdue(row, today),
        },
      ];
    }),
  );
}

export type InvoiceWithLines = Row & {
  lines: (InvoiceLineInput & { description: string })[];
  figures: InvoiceTotals;
};

/**
 * One invoice of the caller's business with its lines (404 otherwise), and `figures`: its totals
 * as every reader shows them (invoiceFigures: a closed invoice's as stored when it left draft).
 */
export async function invoiceWithLines(
  app: FastifyInstance,
  id: unknown,
  businessId: string | null,
): Promise<InvoiceWithLines> {
  const resource = invoicesResource();
  const { db } = app.ctx.database;
  const row = await loadRow(app, resource, invoicesTable(), id, businessId);
  const [lines, frozen] = await Promise.all([
    loadLines(db, resource, [row.id as string]),
    frozenTotals(db, [row.id as string]),
  ]);
  const invoice = { ...row, ...lines.get(row.id as string)! } as InvoiceWithLines;
  invoice.figures = invoiceFigures(invoice, frozen.get(row.id as string));
  return invoice;
}
