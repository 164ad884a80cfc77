/**
 * A quote as a PDF (pdfkit through server/pdf/pdf-parts.ts, like the invoices'): the business,
 * the number, status and valid-until, the customer, the move (date, time, addresses, crew, truck,
 * hours), the inventory table, and the price (subtotal, tax at the quote's rate, total) by the pricing rule (src/domain/quotes/pricing.ts) —
 * the figures the screens show. Standard PDF fonts: text outside Latin-1 is drawn as '?'.
 */
import { quotePrice } from '../../../src/domain/quotes/pricing';
import { formatPercent, formatUsd } from '../../../src/domain/money';
import { clockTime } from '../../../src/domain/venue/zoned-format';
import { latin, openPdf, tableRow, titles } from '../../pdf/pdf-parts';
import { usDate } from '../reports';
import type { QuoteRow } from './queries';

type Doc = PDFKit.PDFDocument;

const MARGIN = 40;
const ROW = 18;
const WIDTH = 532;
const COLUMNS = [
  { key: 'item', title: 'Item', width: 332 },
  { key: 'quantity', title: 'Quantity', width: 100, right: true },
  { key: 'cubicFeet', title: 'Cubic feet', width: 100, right: true },
] as const;
type Cells = Record<(typeof COLUMNS)[number]['key'], string>;

const STATUS: Record<string, string> = { draft: 'Draft', sent: 'Sent', accepted: 'Accepted', declined: 'Declined' };
const PRICING: Record<string, string> = {
  binding: 'Binding estimate: the price will not change.',
  non_binding: 'Non-binding estimate: the final price may differ.',
  not_to_exceed: 'Not-to-exceed estimate: the customer will not pay more than this.',
  hourly: 'Hourly: the rate per hour for the hours worked.',
};

/** The total's name: a cap includes the tax (the customer pays no more, tax and all); hourly is an estimate. */
const TOTAL_LABEL: Record<string, string> = {
  binding: 'Total',
  non_binding: 'Estimated total',
  not_to_exceed: 'Not to exceed, tax included',
  hourly: 'Estimated total',
};

const row = (doc: Doc, y: number, cells: Cells, bold = false) =>
  tableRow(doc, { left: MARGIN, y, fontSize: 9, pad: 4, top: 5, columns: COLUMNS }, cells, bold);

function header(doc: Doc, y: number) {
  doc.rect(MARGIN, y, WIDTH, ROW).fill('#eef2f7').fillColor('#111111');
  row(doc, y, titles(COLUMNS), true);
  return y + ROW;
}

export async function quotePdf(quote: QuoteRow, businessName: string, expired: boolean): Promise<Buffer> {
  const number = String(quote.number);
  const { doc, finish } = await openPdf(`Quote ${number}`, MARGIN);
  const bottom = doc.page.height - MARGIN - 20;
  const price = quotePrice(quote);

  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(latin(businessName || 'Quote'));
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(latin(`Moving quote ${number}`));
  doc.moveDown(0.4).font('Helvetica').fontSize(9.5);
  doc.text(`Status: ${STATUS[String(quote.status)] ?? String(quote.status)}${expired ? ' (expired)' : ''}`);
  doc.text(`Valid until: ${usDate(String(quote.validUntil))}`);
  doc.moveDown(0.6).font('Helvetica-Bold').text('Customer');
  doc.font('Helvetica').text(latin(String(quote.customerName)));
  doc.text(latin(String(quote.customerEmail)));
  if (quote.customerPhone) doc.text(latin(String(quote.customerPhone)));
  doc.moveDown(0.6).font('Helvetica-Bold').text('Move');
  doc.font('Helvetica');
  doc.text(`Date: ${usDate(String(quote.moveDate))} at ${clockTime(String(quote.startTime))}`);
  doc.text(latin(`From: ${String(quote.originAddress)}`), { width: WIDTH });
  doc.text(latin(`To: ${String(quote.destinationAddress)}`), { width: WIDTH });
  doc.text(
    latin(
      `Crew: ${String(quote.crewSize)} movers${quote.truck ? `, ${String(quote.truck)}` : ''}; estimated ${String(quote.estimatedHours)} hours`,
    ),
    { width: WIDTH },
  );
  doc.moveDown(0.8);

  let y = doc.y;
  if (quote.inventory.length) {
    y = header(doc, y);
    quote.inventory.forEach((line, i) => {
      if (y + ROW > bottom) {
        doc.addPage();
        y = header(doc, MARGIN);
      }
      if (i % 2 === 1) doc.rect(MARGIN, y, WIDTH, ROW).fill('#f7f9fb').fillColor('#111111');
      row(doc, y, {
        item: line.item,
        quantity: String(line.quantity),
        cubicFeet: line.cubicFeet === null ? '' : String(line.cubicFeet),
      });
      y += ROW;
    });
  }
  if (y + ROW * 8 > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  doc.x = MARGIN;
  doc.y = y + 12;
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .text(PRICING[price.pricingType] ?? '', { width: WIDTH });
  if (price.pricingType === 'hourly') {
    doc.text(
      `${formatUsd(price.hourlyRateCents ?? 0)} per hour x ${String(price.billedHours ?? 0)} hours` +
        (quote.minimumHours ? ` (minimum ${String(quote.minimumHours)} hours)` : ''),
    );
  }
  doc
    .moveDown(0.4)
    .text(`Subtotal: ${formatUsd(price.subtotalCents ?? 0)}`)
    .text(`Tax (${formatPercent(price.taxRate ?? 0)}): ${formatUsd(price.taxCents ?? 0)}`);
  doc
    .moveDown(0.2)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`${TOTAL_LABEL[price.pricingType]}: ${formatUsd(price.totalCents ?? 0)}`);
  if (price.pricingType === 'hourly') {
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .text('An estimate for the estimated hours: the tax is charged on the hours worked.', { width: WIDTH });
  }
  if (quote.notes) {
    doc
      .moveDown(0.6)
      .font('Helvetica')
      .fontSize(9)
      .text(latin(`Notes: ${String(quote.notes)}`), { width: WIDTH });
  }
  return finish(WIDTH);
}
