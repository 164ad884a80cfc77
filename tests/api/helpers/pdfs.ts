/**
 * Real PDFs for the document chat tests and benchmark, written by pdfkit: one entry per page
 * (an empty string makes a page with no text layer, like a scan), and hand-made hostile ones.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';

export function makePdf(pages: string[], options: { userPassword?: string } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const text of pages) {
    doc.addPage();
    // A blank page still draws something, as a scan's image would: a rectangle, no text.
    if (text) doc.fontSize(11).text(text, { width: 460 });
    else doc.rect(100, 100, 200, 200).fill('#888888');
  }
  doc.end();
  return done;
}

/**
 * A guide whose headings carry no number and stand apart only by their type (14 pt Helvetica-Bold
 * over 11 pt Times body text), as a word processor or pdfkit sets them: one page per section.
 */
export function makeHeadedPdf(sections: { heading: string; body: string }[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const { heading, body } of sections) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(14).text(heading);
    doc.font('Times-Roman').fontSize(11).text(body, { width: 460 });
  }
  doc.end();
  return done;
}

/**
 * A scanned PDF: each string is a text page drawn to a 150 dpi PNG by poppler's pdftoppm and wrapped alone in a page with no text layer (what a scanner makes), or,
 * `{ text }` is an ordinary text page; `{ blank: true }` is a grey page with nothing to read.
 * Needs poppler-utils (the OCR test and the benchmark run only where tesseract is installed too).
 */
export async function makeScannedPdf(pages: (string | { text: string } | { blank: true })[]): Promise<Buffer> {
  const work = mkdtempSync(join(tmpdir(), 'bo-scan-'));
  try {
    const images = new Map<number, Buffer>();
    for (const [i, page] of pages.entries()) {
      if (typeof page !== 'string') continue;
      const source = join(work, `text-${i}.pdf`);
      writeFileSync(source, await makePdf([page]));
      execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', source, join(work, `scan-${i}`)]);
      images.set(i, readFileSync(join(work, `scan-${i}.png`)));
    }
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    for (const [i, page] of pages.entries()) {
      doc.addPage();
      if (typeof page === 'string') doc.image(images.get(i)!, 0, 0, { width: 612 });
      else if ('text' in page) doc.fontSize(11).text(page.text, { width: 460 });
      else doc.rect(100, 100, 200, 200).fill('#888888');
    }
    doc.end();
    return await done;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Page n of a generated manual: a few paragraphs that name their page and topic. */
export function manualPage(n: number): string {
  return [
    `Section ${n}. Maintenance schedule for truck unit ${n}.`,
    `Check the coolant level of unit ${n} before every trip. The tire pressure of unit ${n} must stay at ${100 + n} psi.`,
    `Replace the air filter of unit ${n} every ${n * 1000} miles. Drivers log every inspection in the fleet book.`,
    // A sentence every page shares, so retrieval must tell pages apart by what is their own.
    'The depot opens at six in the morning and closes at ten at night; keys go back to the dispatcher.',
  ].join(' ');
}

/** A PDF built by hand from its objects, with a correct xref unless `breakXref`. */
export function handmadePdf(objects: string[], options: { breakXref?: boolean } = {}): Buffer {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(options.breakXref ? o + 7 : o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${options.breakXref ? xrefAt + 13 : xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF whose page tree says it has `count` pages (it has one, or none). */
export const declaredPagesPdf = (count: number, kids = count === 0 ? '' : '3 0 R') =>
  handmadePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]);
