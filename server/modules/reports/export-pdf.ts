/**
 * A report as a PDF (pdfkit, loaded on the first export so start-up never pays for it): the
 * business, the customer and period, a table of the deliveries with each line's discount and
 * total (its header repeated on every page), the totals and the notes, and page numbers.
 * Standard PDF fonts: text outside Latin-1 cannot be drawn by them and is replaced with '?'.
 */
import { formatUsd, formatUsdOff } from '../../../src/domain/money';
import { usDate, type ReportExport } from './export-data';
import { latin, openPdf, tableRow, titles } from '../../pdf/pdf-parts';

type Doc = PDFKit.PDFDocument;

/** One formatter for every number (building one per cell cost more than drawing the cell). */
const NUMBER = new Intl.NumberFormat('en-US');

const MARGIN = 40;
const ROW = 16;
const COLUMNS = [
  { key: 'date', title: 'Date', width: 56 },
  { key: 'route', title: 'Route', width: 150 },
  { key: 'miles', title: 'Miles', width: 40, right: true },
  { key: 'weight', title: 'Weight (lb)', width: 50, right: true },
  { key: 'employee', title: 'Employee', width: 74 },
  { key: 'price', title: 'Price', width: 54, right: true },
  { key: 'discount', title: 'Discount', width: 56, right: true },
  { key: 'total', title: 'Total', width: 52, right: true },
] as const;
type Cells = Record<(typeof COLUMNS)[number]['key'], string>;

/** A row of the deliveries' table (server/pdf/pdf-parts.ts, tableRow) at height y. */
const row = (doc: Doc, y: number, cells: Cells, bold = false) =>
  tableRow(doc, { left: MARGIN, y, fontSize: 8.5, pad: 2, top: 4, columns: COLUMNS }, cells, bold);

function header(doc: Doc, y: number) {
  const width = COLUMNS.reduce((s, c) => s + c.width, 0);
  doc.rect(MARGIN, y, width, ROW).fill('#eef2f7').fillColor('#111111');
  row(doc, y, titles(COLUMNS), true);
  return y + ROW;
}

export async function reportPdf(data: ReportExport): Promise<Buffer> {
  const { doc, finish } = await openPdf(data.title, MARGIN);

  const bottom = doc.page.height - MARGIN - 20;
  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(latin(data.businessName || 'Delivery report'));
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(latin(`Delivery report: ${data.title}`));
  doc.moveDown(0.5).fontSize(9.5);
  doc.text(latin(`Customer: ${data.customer}`));
  doc.text(`Period: ${usDate(data.periodFrom)} - ${usDate(data.periodTo)}`);
  doc.text(`Status: ${data.status === 'closed' ? 'Closed' : 'Open'}`);
  doc.moveDown(0.8);

  let y = header(doc, doc.y);
  data.lines.forEach((l, i) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = header(doc, MARGIN);
    }
    if (i % 2 === 1) doc.rect(MARGIN, y, 532, ROW).fill('#f7f9fb').fillColor('#111111');
    row(doc, y, {
      date: usDate(l.deliveredOn),
      route: `${l.origin} -> ${l.destination}`,
      miles: NUMBER.format(l.distanceMiles),
      weight: NUMBER.format(l.weightLb),
      employee: l.employee,
      price: formatUsd(l.priceCents),
      discount: l.discountCents ? formatUsdOff(l.discountCents, '-') : '',
      total: formatUsd(l.totalCents),
    });
    y += ROW;
  });
  if (!data.lines.length) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .text('No deliveries in this report.', MARGIN + 2, y + 4);
    y += ROW;
  }

  const t = data.totals;
  const totals: [string, string][] = [
    ['Subtotal', formatUsd(t.subtotalCents)],
    ['Delivery discounts', formatUsdOff(t.lineDiscountCents, '-')],
    [
      `Report discount${data.reportDiscount ? ` (${data.reportDiscount})` : ''}`,
      formatUsdOff(t.reportDiscountCents, '-'),
    ],
    ['Total', formatUsd(t.totalCents)],
  ];
  if (y + ROW * (totals.length + 1) > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 9.5);
    doc.text(label, MARGIN + 300, y, { width: 140, align: 'right', lineBreak: false });
    doc.text(value, MARGIN + 440, y, { width: 92, align: 'right', lineBreak: false });
    y += last ? 18 : 14;
  });
  if (data.notes) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(latin(`Notes: ${data.notes}`), MARGIN, y + 10, { width: 532 });
  }

  return finish(532);
}
