/**
 * The words tesseract read on a page and where they stand, from its TSV output (one row per page,
 * block, paragraph, line and word: level, page_num, block_num, par_num, line_num, word_num, left,
 * top, width, height, conf, text). A scanned page has no text layer, so the viewer marks a quote
 * on it by these places (OcrWord in src/domain/documents).
 */
import type { OcrWord } from '../../../src/domain/documents/documents';

const PAGE_LEVEL = '1';
const WORD_LEVEL = '5';
/** Four decimals: a tenth of a pixel on a page shown 1,000 pixels wide, and a short row. */
const share = (n: number, of: number) => Math.round((n / of) * 10_000) / 10_000;

export function ocrWordsOf(tsv: string): OcrWord[] {
  let width = 0;
  let height = 0;
  const words: OcrWord[] = [];
  for (const line of tsv.split('\n')) {
    const cols = line.split('\t');
    if (cols.length < 12) continue;
    const [level, , , , , , left, top, w, h, , ...rest] = cols;
    if (level === PAGE_LEVEL) {
      width = Number(w);
      height = Number(h);
      continue;
    }
    // (Text may hold a tab no more than a space: what follows the eleventh column is the word.)
    const text = rest.join(' ').trim();
    if (level !== WORD_LEVEL || !text || !(width > 0) || !(height > 0)) continue;
    const box = [Number(left), Number(top), Number(w), Number(h)];
    if (box.some((n) => !Number.isFinite(n))) continue;
    words.push({
      text,
      box: [share(box[0]!, width), share(box[1]!, height), share(box[2]!, width), share(box[3]!, height)],
    });
  }
  return words;
}
