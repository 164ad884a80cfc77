/**
 * A one-page PDF invoice, written by hand: the format needs only a catalog, a page, a content
 * stream of text lines in the standard Helvetica font, and a cross-reference table of byte
 * offsets. No library, nothing to keep up to date, and every viewer opens it.
 */
import { formatUsd } from '../../../src/domain/money';
import { CARD_BRAND_LABELS, type CardBrand } from '../../../src/domain/payments/card-number';
import type { users } from '../../db/tables/core';
import type { invoices } from './tables';

export interface InvoicePdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  gap?: number;
}

/** PDF strings are bytes: keep to printable Latin-1 and escape the three special characters. */
function pdfString(text: string): string {
  const latin = text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2022/g, '*')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return `(${latin.replace(/([\\()])/g, '\\$1')})`;
}

export function renderInvoicePdf(lines: InvoicePdfLine[]): Buffer {
  let y = 760;
  const ops: string[] = ['BT'];
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= size + 6 + (line.gap ?? 0);
    ops.push(`/${line.bold ? 'F2' : 'F1'} ${size} Tf`, `1 0 0 1 56 ${y} Tm`, `${pdfString(line.text)} Tj`);
  }
  ops.push('ET');
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * MM/DD/YYYY (the product brief, section 9, Business constants and limits), in UTC so the PDF
 * does not depend on the server's zone.
 */
function usDate(d: Date | null): string {
  if (!d) return '';
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** The invoice as the PDF a user downloads: number, date, who is billed, what for, total, card. */
export function invoiceDocument(invoice: typeof invoices.$inferSelect, payer: typeof users.$inferSelect): Buffer {
  const card = invoice.cardLast4
    ? `${CARD_BRAND_LABELS[invoice.cardBrand as CardBrand] ?? invoice.cardBrand} ending in ${invoice.cardLast4}`
    : '';
  return renderInvoicePdf([
    { text: 'Back Office', size: 20, bold: true },
    { text: `Invoice ${invoice.number}`, size: 14, bold: true, gap: 10 },
    { text: `Date: ${usDate(invoice.createdAt)}` },
    { text: `Status: ${invoice.status === 'paid' ? 'Paid' : invoice.status}` },
    { text: 'Billed to', bold: true, gap: 12 },
    { text: `${payer.firstName} ${payer.lastName}`.trim() || payer.email },
    { text: payer.email },
    { text: 'Description', bold: true, gap: 12 },
    { text: invoice.description },
    ...(invoice.periodStart && invoice.periodEnd
      ? [{ text: `Service period: ${usDate(invoice.periodStart)} - ${usDate(invoice.periodEnd)}` }]
      : []),
    { text: `Total: ${formatUsd(invoice.amountCents)} USD`, size: 14, bold: true, gap: 12 },
    ...(card ? [{ text: `Paid with ${card}` }] : []),
  ]);
}
