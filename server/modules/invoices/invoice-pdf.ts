/**
 * An invoice as a PDF (pdfkit, loaded on the first one so start-up never pays for it): the
 * business, the number, dates and status, the customer, a table of the lines (header repeated on
 * every page), the invoice's figures (src/domain/invoices/totals.ts invoiceFigures: a closed
 * invoice's as stored when it left draft) — the figures the screen shows — the
 * notes, the settings' footer, and page numbers. Its words are in the reader's language (the
 * screens' translations, `invoices.pdf`, with the totals and statuses as the invoice's screen says
 * them); dates stay MM/DD/YYYY and money USD in both. Standard PDF fonts: text outside Latin-1 is
 * drawn as '?'.
 */
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import type { InvoiceLineInput, InvoiceTotals } from '../../../src/domain/invoices/totals';
import { fillTemplate } from '../../../src/domain/messages';
import { formatPercent, formatQuantity, formatUsd } from '../../../src/domain/money';
import { translationOf } from '../../i18n';
import { usDate } from '../reports';
import { latin, openPdf, tableHeader, tableRow } from '../../pdf/pdf-parts';

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
  /** The invoice's figures, as its page shows them (invoiceWithLines' `figures`). */
  totals: InvoiceTotals;
}

const MARGIN = 40;
const ROW = 18;
const WIDTH = 532;
/** The invoice's words in a language, from the screens' translations (server/i18n). */
function labelsIn(locale: PlatformMailLocale) {
  const texts = translationOf(locale);
  return {
    pdf: texts.invoices.pdf,
    totals: texts.invoices.totals,
    status: texts.resources.invoices.options.status as Record<string, string>,
  };
}
type Labels = ReturnType<typeof labelsIn>;

/** The lines' table's columns, titled in the reader's language. */
const columnsIn = ({ pdf }: Labels) =>
  [
    { key: 'description', title: pdf.description, width: 232 },
    { key: 'quantity', title: pdf.quantity, width: 50, right: true },
    { key: 'price', title: pdf.unitPrice, width: 80, right: true },
    { key: 'tax', title: pdf.tax, width: 60, right: true },
    { key: 'amount', title: pdf.amount, width: 110, right: true },
  ] as const;
type Columns = ReturnType<typeof columnsIn>;
type Cells = Record<Columns[number]['key'], string>;

/** The lines' table's layout at height y (server/pdf/pdf-parts.ts). */
const layoutAt = (columns: Columns, y: number) => ({ left: MARGIN, y, fontSize: 9, pad: 4, top: 5, columns });
const row = (doc: Doc, columns: Columns, y: number, cells: Cells, bold = false) =>
  tableRow(doc, layoutAt(columns, y), cells, bold);
const header = (doc: Doc, columns: Columns, y: number) => tableHeader(doc, layoutAt(columns, y), ROW);

/** The invoice as a PDF, its words in the reader's language (the request's Accept-Language). */
export async function invoicePdf(data: InvoicePdfData, locale: PlatformMailLocale = 'en'): Promise<Buffer> {
  const labels = labelsIn(locale);
  const { pdf } = labels;
  const columns = columnsIn(labels);
  const heading = fillTemplate(pdf.heading, { number: data.number });
  const { doc, finish } = await openPdf(heading, MARGIN);
  const bottom = doc.page.height - MARGIN - 20;
  const { totals } = data;
  const status = labels.status[data.status] ?? data.status;

  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(latin(data.businessName || pdf.title));
  doc.font('Helvetica-Bold').fontSize(12).text(latin(heading));
  doc.moveDown(0.4).font('Helvetica').fontSize(9.5);
  doc.text(latin(fillTemplate(pdf.issueDate, { date: usDate(data.issueDate) })));
  doc.text(latin(fillTemplate(pdf.dueDate, { date: usDate(data.dueDate) })));
  doc.text(latin(fillTemplate(data.overdue ? pdf.statusOverdue : pdf.status, { status })));
  doc.moveDown(0.6).font('Helvetica-Bold').text(latin(pdf.billTo));
  doc.font('Helvetica').text(latin(data.customerName));
  doc.text(latin(data.customerEmail));
  doc.moveDown(0.8);

  let y = header(doc, columns, doc.y);
  data.lines.forEach((line, i) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = header(doc, columns, MARGIN);
    }
    if (i % 2 === 1) doc.rect(MARGIN, y, WIDTH, ROW).fill('#f7f9fb').fillColor('#111111');
    row(doc, columns, y, {
      description: line.description,
      quantity: formatQuantity(line.quantity),
      price: formatUsd(line.unitPriceCents),
      tax: line.taxRate ? formatPercent(line.taxRate) : '',
      amount: formatUsd(totals.lines[i]?.amountCents ?? 0),
    });
    y += ROW;
  });

  const discountLabel =
    data.discountPercent !== null && data.discountPercent !== undefined
      ? fillTemplate(pdf.discountOf, { percent: formatPercent(data.discountPercent) })
      : labels.totals.discount;
  const figures: [string, string][] = [
    [labels.totals.subtotal, formatUsd(totals.subtotalCents)],
    ...(totals.discountCents ? [[discountLabel, `-${formatUsd(totals.discountCents)}`] as [string, string]] : []),
    [labels.totals.tax, formatUsd(totals.taxCents)],
    [labels.totals.total, formatUsd(totals.totalCents)],
  ];
  if (y + ROW * (figures.length + 1) > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y += 10;
  figures.forEach(([label, value], i) => {
    const last = i === figures.length - 1;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 12 : 9.5);
    doc.text(latin(label), MARGIN + 280, y, { width: 140, align: 'right', lineBreak: false });
    doc.text(value, MARGIN + 420, y, { width: 108, align: 'right', lineBreak: false });
    y += last ? 20 : 15;
  });
  doc.x = MARGIN;
  doc.y = y + 10;
  if (data.notes)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(latin(fillTemplate(pdf.notes, { notes: data.notes })), { width: WIDTH });
  if (data.footer) doc.moveDown(0.6).font('Helvetica-Oblique').fontSize(8.5).text(latin(data.footer), { width: WIDTH });

  return finish(WIDTH, (page, count) => fillTemplate(pdf.page, { page, count }));
}
