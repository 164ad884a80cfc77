/**
 * An invoice as a PDF (pdfkit, loaded on the first one so start-up never pays for it): the
 * business, the number, dates and status, the customer, a table of the lines (header repeated on
 * every page), the totals from src/domain/invoices/totals.ts — the figures the screen shows — the
 * notes, the settings' footer, and page numbers. Standard PDF fonts: text outside Latin-1 is
 * drawn as '?'.
 */
import { invoiceDiscount, invoiceTotals, type InvoiceLineInput } from '../../../src/domain/invoices/totals';
import { formatPercent, formatQuantity, formatUsd } from '../../../src/domain/money';
import { usDate } from '../reports';
import { latin, openPdf, tableRow, titles } from '../../pdf/pdf-parts';

type Doc = PDFKit.PDFDocument;

export interface InvoicePdfData {
  businessName: string;
  number: string;
  status: string;
  overdue: boolean;
  customerName: string;
  customerEmail: string;
  issueDate: string;
  dueDate: string;
  discountAmount: number | null;
  discountPercent: number | null;
  notes: string | null;
  footer: string | null;
  lines: (InvoiceLineInput & { description: string })[];
}

const MARGIN = 40;
const ROW = 18;
const WIDTH = 532;
const COLUMNS = [
  { key: 'description', title: 'Description', width: 232 },
  { key: 'quantity', title: 'Qty', width: 50, right: true },
  { key: 'price', title: 'Unit price', width: 80, right: true },
  { key: 'tax', title: 'Tax', width: 60, right: true },
  { key: 'amount', title: 'Amount', width: 110, right: true },
] as const;
type Cells = Record<(typeof COLUMNS)[number]['key'], string>;

const STATUS: Record<string, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid', void: 'Void' };

/** A row of the lines' table (server/pdf/pdf-parts.ts, tableRow) at height y. */
const row = (doc: Doc, y: number, cells: Cells, bold = false) =>
  tableRow(doc, { left: MARGIN, y, fontSize: 9, pad: 4, top: 5, columns: COLUMNS }, cells, bold);

function header(doc: Doc, y: number) {
  doc.rect(MARGIN, y, WIDTH, ROW).fill('#eef2f7').fillColor('#111111');
  row(doc, y, titles(COLUMNS), true);
  return y + ROW;
}

export async function invoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const { doc, finish } = await openPdf(`Invoice ${data.number}`, MARGIN);
  const bottom = doc.page.height - MARGIN - 20;
  const totals = invoiceTotals(data.lines, invoiceDiscount({ ...data }));

  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(latin(data.businessName || 'Invoice'));
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(latin(`Invoice ${data.number}`));
  doc.moveDown(0.4).font('Helvetica').fontSize(9.5);
  doc.text(`Issue date: ${usDate(data.issueDate)}`);
  doc.text(`Due date: ${usDate(data.dueDate)}`);
  doc.text(`Status: ${STATUS[data.status] ?? data.status}${data.overdue ? ' (overdue)' : ''}`);
  doc.moveDown(0.6).font('Helvetica-Bold').text('Bill to');
  doc.font('Helvetica').text(latin(data.customerName));
  doc.text(latin(data.customerEmail));
  doc.moveDown(0.8);

  let y = header(doc, doc.y);
  data.lines.forEach((line, i) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = header(doc, MARGIN);
    }
    if (i % 2 === 1) doc.rect(MARGIN, y, WIDTH, ROW).fill('#f7f9fb').fillColor('#111111');
    row(doc, y, {
      description: line.description,
      quantity: formatQuantity(line.quantity),
      price: formatUsd(line.unitPriceCents),
      tax: line.taxRate ? formatPercent(line.taxRate) : '',
      amount: formatUsd(totals.lines[i]!.amountCents),
    });
    y += ROW;
  });

  const discountLabel =
    data.discountPercent !== null && data.discountPercent !== undefined
      ? `Discount (${formatPercent(data.discountPercent)})`
      : 'Discount';
  const figures: [string, string][] = [
    ['Subtotal', formatUsd(totals.subtotalCents)],
    ...(totals.discountCents ? [[discountLabel, `-${formatUsd(totals.discountCents)}`] as [string, string]] : []),
    ['Tax', formatUsd(totals.taxCents)],
    ['Total', formatUsd(totals.totalCents)],
  ];
  if (y + ROW * (figures.length + 1) > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y += 10;
  figures.forEach(([label, value], i) => {
    const last = i === figures.length - 1;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 12 : 9.5);
    doc.text(label, MARGIN + 280, y, { width: 140, align: 'right', lineBreak: false });
    doc.text(value, MARGIN + 420, y, { width: 108, align: 'right', lineBreak: false });
    y += last ? 20 : 15;
  });
  doc.x = MARGIN;
  doc.y = y + 10;
  if (data.notes)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(latin(`Notes: ${data.notes}`), { width: WIDTH });
  if (data.footer) doc.moveDown(0.6).font('Helvetica-Oblique').fontSize(8.5).text(latin(data.footer), { width: WIDTH });

  return finish(WIDTH);
}
