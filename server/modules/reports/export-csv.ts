/**
 * A report as CSV: a header row, one row per delivery (its price, discount and line total), then
 * the totals rows. Money in dollars with two decimals (a spreadsheet sums them as numbers); the
 * line totals minus the report discount equal the Total row to the cent. The headers and the
 * totals' labels are in the reader's language (export-labels.ts); dates stay MM/DD/YYYY and money
 * USD in both.
 */
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { csvLine } from '../../resources/csv';
import { usDate, type ReportExport } from './export-data';
import { exportLabels } from './export-labels';

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function reportCsv(data: ReportExport, locale: PlatformMailLocale = 'en'): string {
  const l = exportLabels(locale).csv;
  const out = [
    csvLine([
      l.date,
      l.origin,
      l.destination,
      l.distance,
      l.weight,
      l.employee,
      l.price,
      l.discount,
      l.discountAmount,
      l.lineTotal,
    ]),
  ];
  for (const line of data.lines) {
    out.push(
      csvLine([
        usDate(line.deliveredOn),
        line.origin,
        line.destination,
        line.distanceMiles,
        line.weightLb,
        line.employee,
        dollars(line.priceCents),
        line.discount,
        dollars(line.discountCents),
        dollars(line.totalCents),
      ]),
    );
  }
  const t = data.totals;
  const total = (label: string, cents: number, note = '') =>
    csvLine([label, '', '', '', '', '', '', note, '', dollars(cents)]);
  out.push(
    total(l.subtotal, t.subtotalCents),
    total(l.lineDiscounts, -t.lineDiscountCents),
    total(l.reportDiscount, -t.reportDiscountCents, data.reportDiscount),
    total(l.total, t.totalCents),
  );
  // A BOM so a spreadsheet reads the arrows and accents as UTF-8.
  return `\uFEFF${out.join('')}`;
}
