/**
 * What the reports' and invoices' PDFs share (pdfkit with the standard fonts, loaded on the first
 * PDF so start-up never pays for it): a US Letter document collected into a Buffer, the text those
 * fonts can draw, a table row drawn fast, and the page numbers written last.
 */
type Doc = PDFKit.PDFDocument;

/** A Letter-size document titled `title`; `finish` numbers its pages, ends it and answers its bytes. */
export async function openPdf(title: string, margin: number) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin, bufferPages: true, info: { Title: latin(title) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  /** `pageLabel` words a page's number in the reader's language (a report's PDF); English without one. */
  const finish = (width: number, pageLabel = (page: number, count: number) => `Page ${page} of ${count}`) => {
    // Page numbers once every page exists.
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The number sits in the bottom margin: without this pdfkit would start a new page for it.
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#666666')
        .text(latin(pageLabel(i + 1, range.count)), margin, doc.page.height - margin, {
          width,
          align: 'right',
          lineBreak: false,
        });
    }
    doc.end();
    return done;
  };
  return { doc, finish };
}

/**
 * What WinAnsi holds beyond Latin-1 and pdfkit's standard fonts draw: the curly quotes and
 * apostrophes a phone or a word processor types (Sam’s “piano”), dashes, the ellipsis, the bullet,
 * €, ™ and a few letters. They read '?' in every PDF before (Sam?s ?piano?).
 */
const WIN_ANSI_EXTRA = 'ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜';

/** What the standard fonts can draw (WinAnsi): an arrow becomes '->', a minus sign '-', anything else '?'. */
export const latin = (text: string) =>
  [...text.replace(/→/g, '->').replace(/\u2212/g, '-')]
    .map((c) => (/[\s\x20-\x7e\u00a0-\u00ff]/.test(c) || WIN_ANSI_EXTRA.includes(c) ? c : '?'))
    .join('');

export interface PdfColumn<K extends string> {
  key: K;
  title: string;
  width: number;
  right?: boolean;
}

/**
 * One table row. Each cell is measured and cut here and drawn as one unwrapped line: pdfkit's own
 * width / ellipsis layout per cell made 1,000 deliveries take seconds.
 */
export interface TableLayout<K extends string> {
  left: number;
  y: number;
  fontSize: number;
  /** Room left and right of a cell's text, and how far below the row's top the text starts. */
  pad: number;
  top: number;
  columns: readonly PdfColumn<K>[];
}

export function tableRow<K extends string>(doc: Doc, layout: TableLayout<K>, cells: Record<K, string>, bold = false) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(layout.fontSize);
  let x = layout.left;
  for (const c of layout.columns) {
    const room = c.width - 2 * layout.pad;
    let text = latin(cells[c.key]);
    let width = doc.widthOfString(text);
    if (width > room) {
      // Cut in proportion first, then a character at a time: measuring is the costly part.
      text = text.slice(0, Math.max(1, Math.floor((text.length * room) / width)));
      while (text.length > 1 && doc.widthOfString(`${text}...`) > room) text = text.slice(0, -1);
      text = `${text.trimEnd()}...`;
      width = doc.widthOfString(text);
    }
    doc.text(text, c.right ? x + layout.pad + room - width : x + layout.pad, layout.y + layout.top, {
      lineBreak: false,
    });
    x += c.width;
  }
}

/** The columns' titles as a row's cells (for the header row). */
export const titles = <K extends string>(columns: readonly PdfColumn<K>[]) =>
  Object.fromEntries(columns.map((c) => [c.key, c.title])) as Record<K, string>;

/** The header row: the columns' titles in bold on a pale band `height` tall; answers the y under it. */
export function tableHeader<K extends string>(doc: Doc, layout: TableLayout<K>, height: number): number {
  const width = layout.columns.reduce((sum, c) => sum + c.width, 0);
  doc.rect(layout.left, layout.y, width, height).fill('#eef2f7').fillColor('#111111');
  tableRow(doc, layout, titles(layout.columns), true);
  return layout.y + height;
}
