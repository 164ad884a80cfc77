/**
 * A report as a PDF (pdfkit, loaded on the first export so start-up never pays for it): the
 * business, the customer and period, a table of the deliveries with each line's discount and
 * total (its header repeated on every page), the totals and the notes, and page numbers.
 * Standard PDF fonts: text outside Latin-1 cannot be drawn by them and is replaced with '?'.
 */
import { formatUsd, formatUsdOff } from '../../../src/domain/money';
import { usDate, type ReportExport } from './export-data';
import { latin, openPdf, tableHeader, tableRow } from '../../pdf/pdf-parts';
import { fillTemplate } from '../../../src/domain/messages';
import { exportLabels, type ExportLabels } from './export-labels';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';

type Doc = PDFKit.PDFDocument;

/** One formatter for every number (building one per cell cost more than drawing the cell). */
const NUMBER = new Intl.NumberFormat('en-US');

const MARGIN = 40;
const ROW = 16;
/** The deliveries' table's columns, titled in the reader's language. */
const columnsIn = ({ csv, pdf }: ExportLabels) =>
  [
    { key: 'date', title: csv.date, width: 56 },
    { key: 'route', title: pdf.route, width: 150 },
    { key: 'miles', title: pdf.miles, width: 40, right: true },
    { key: 'weight', title: csv.weight, width: 50, right: true },
    { key: 'employee', title: csv.employee, width: 74 },
    { key: 'price', title: csv.price, width: 54, right: true },
    { key: 'discount', title: csv.discount, width: 56, right: true },
    { key: 'total', title: csv.total, width: 52, right: true },
  ] as const;
type Columns = ReturnType<typeof columnsIn>;
type Cells = Record<Columns[number]['key'], string>;

/** The deliveries' table's layout at height y (server/pdf/pdf-parts.ts). */
const layoutAt = (columns: Columns, y: number) => ({ left: MARGIN, y, fontSize: 8.5, pad: 2, top: 4, columns });
const row = (doc: Doc, columns: Columns, y: number, cells: Cells, bold = false) =>
  tableRow(doc, layoutAt(columns, y), cells, bold);
const header = (doc: Doc, columns: Columns, y: number) => tableHeader(doc, layoutAt(columns, y), ROW);

/** The report as a PDF, its words in the reader's language (export-labels.ts). */
export async function reportPdf(data: ReportExport, locale: PlatformMailLocale = 'en'): Promise<Buffer> {
  const labels = exportLabels(locale);
  const { csv, pdf } = labels;
  const columns = columnsIn(labels);
  const { doc, finish } = await openPdf(data.title, MARGIN);

  const bottom = doc.page.height - MARGIN - 20;
  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(latin(data.businessName || pdf.title));
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(latin(fillTemplate(pdf.heading, { title: data.title })));
  doc.moveDown(0.5).fontSize(9.5);
  doc.text(latin(fillTemplate(pdf.customer, { name: data.customer })));
  doc.text(latin(fillTemplate(pdf.period, { from: usDate(data.periodFrom), to: usDate(data.periodTo) })));
  doc.text(
    latin(fillTemplate(pdf.status, { status: data.status === 'closed' ? labels.status.closed : labels.status.open })),
  );
  doc.moveDown(0.8);

  let y = header(doc, columns, doc.y);
  data.lines.forEach((l, i) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = header(doc, columns, MARGIN);
    }
    if (i % 2 === 1) doc.rect(MARGIN, y, 532, ROW).fill('#f7f9fb').fillColor('#111111');
    row(doc, columns, y, {
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
      .text(latin(pdf.empty), MARGIN + 2, y + 4);
    y += ROW;
  }

  const t = data.totals;
  const totals: [string, string][] = [
    [csv.subtotal, formatUsd(t.subtotalCents)],
    [csv.lineDiscounts, formatUsdOff(t.lineDiscountCents, '-')],
    [
      data.reportDiscount ? fillTemplate(pdf.reportDiscountOf, { discount: data.reportDiscount }) : csv.reportDiscount,
      formatUsdOff(t.reportDiscountCents, '-'),
    ],
    [csv.total, formatUsd(t.totalCents)],
  ];
  if (y + ROW * (totals.length + 1) > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 9.5);
    doc.text(latin(label), MARGIN + 300, y, { width: 140, align: 'right', lineBreak: false });
    doc.text(value, MARGIN + 440, y, { width: 92, align: 'right', lineBreak: false });
    y += last ? 18 : 14;
  });
  if (data.notes) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(latin(fillTemplate(pdf.notes, { notes: data.notes })), MARGIN, y + 10, { width: 532 });
  }

  return finish(532, (page, count) => fillTemplate(pdf.page, { page, count }));
}
