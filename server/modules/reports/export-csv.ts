/**
 * A report as CSV: a header row, one row per delivery (its price, discount and line total), then
 * the totals rows. Money in dollars with two decimals (a spreadsheet sums them as numbers); the
 * line totals minus the report discount equal the Total row to the cent.
 */
import { csvLine } from '../../resources/csv';
import { usDate, type ReportExport } from './export-data';

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function reportCsv(data: ReportExport): string {
  const out = [
    csvLine([
      'Date',
      'Origin',
      'Destination',
      'Distance (mi)',
      'Weight (lb)',
      'Employee',
      'Price',
      'Discount',
      'Discount amount',
      'Line total',
    ]),
  ];
  for (const l of data.lines) {
    out.push(
      csvLine([
        usDate(l.deliveredOn),
        l.origin,
        l.destination,
        l.distanceMiles,
        l.weightLb,
        l.employee,
        dollars(l.priceCents),
        l.discount,
        dollars(l.discountCents),
        dollars(l.totalCents),
      ]),
    );
  }
  const t = data.totals;
  const total = (label: string, cents: number, note = '') =>
    csvLine([label, '', '', '', '', '', '', note, '', dollars(cents)]);
  out.push(
    total('Subtotal', t.subtotalCents),
    total('Delivery discounts', -t.lineDiscountCents),
    total('Report discount', -t.reportDiscountCents, data.reportDiscount),
    total('Total', t.totalCents),
  );
  // A BOM so a spreadsheet reads the arrows and accents as UTF-8.
  return `\uFEFF${out.join('')}`;
}
