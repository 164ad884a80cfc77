import type { InvoiceLineInput } from '../../../domain/invoices/totals';
import { refusedLineColumns } from '../../../domain/resources/line-check';
import resource from '../resource';

/** The columns a line's money is made of: one of them refused and the line's figures mean nothing. */
const MONEY_COLUMNS = new Set(['quantity', 'unitPriceCents', 'taxRate']);

/**
 * The lines the form's running total adds, from the body the form would send: a line whose
 * quantity, unit price or tax rate its cell refuses (6.555, a price of $1.234, a rate of 150 %) is
 * left out, by the same rules the cells mark, rather than counted rounded (6.555 as 6.56); an empty
 * cell still being typed counts as 0. `leftOut` is each left-out line's number, from 1.
 */
export function countedLines(body: Readonly<Record<string, unknown>>): {
  lines: InvoiceLineInput[];
  leftOut: number[];
} {
  const field = resource.fields.lines!;
  const lines: InvoiceLineInput[] = [];
  const leftOut: number[] = [];
  (Array.isArray(body.lines) ? (body.lines as unknown[]) : []).forEach((line, i) => {
    if (refusedLineColumns(field, line).some((column) => MONEY_COLUMNS.has(column))) {
      leftOut.push(i + 1);
      return;
    }
    const row = (line ?? {}) as Record<string, unknown>;
    const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
    lines.push({
      quantity: number(row.quantity),
      unitPriceCents: number(row.unitPriceCents),
      taxRate: number(row.taxRate),
    });
  });
  return { lines, leftOut };
}
