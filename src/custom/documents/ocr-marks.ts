/**
 * A citation on a scanned page, marked by the places OCR read its words at (OcrWord): the page has
 * no text layer to mark. The quote is found among the words as on a text layer (findQuote), and the
 * marked words of one line become one box, as a highlighter would draw it.
 */
import { findQuote } from '../../domain/documents/citations';
import type { OcrWord } from '../../domain/documents/documents';

/** [left, top, width, height] as shares (0..1) of the page as shown. */
export type MarkBox = readonly [number, number, number, number];

/** Two boxes are on one line when they overlap by at least this share of the lower one's height. */
const SAME_LINE = 0.5;

/** The boxes marking `quote` among a scanned page's words, one per line it runs over (none if it is not found). */
export function ocrMarkBoxes(words: readonly OcrWord[], quote: string): MarkBox[] {
  const marked = findQuote(
    words.map((w) => w.text),
    quote,
  );
  const boxes: [number, number, number, number][] = [];
  words.forEach((word, i) => {
    if (!marked.has(i)) return;
    const [x, y, w, h] = word.box;
    const last = boxes.at(-1);
    const overlap = last ? Math.min(last[1] + last[3], y + h) - Math.max(last[1], y) : 0;
    if (last && x >= last[0] && overlap >= SAME_LINE * Math.min(last[3], h)) {
      const top = Math.min(last[1], y);
      const bottom = Math.max(last[1] + last[3], y + h);
      last[2] = Math.max(last[0] + last[2], x + w) - last[0];
      last[1] = top;
      last[3] = bottom - top;
    } else boxes.push([x, y, w, h]);
  });
  return boxes;
}

/** A box on the upright page, where it is once the viewer has turned the page `degrees` clockwise (0, 90, 180, 270). */
export function turnBox([x, y, w, h]: MarkBox, degrees: number): MarkBox {
  switch (((degrees % 360) + 360) % 360) {
    case 90:
      return [1 - y - h, x, h, w];
    case 180:
      return [1 - x - w, 1 - y - h, w, h];
    case 270:
      return [y, 1 - x - w, h, w];
    default:
      return [x, y, w, h];
  }
}
