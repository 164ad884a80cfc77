/**
 * A citation on a scanned page is marked by the places OCR read its words at: tesseract's TSV read
 * into words with boxes as shares of the page, the quote found among them, one box per line it
 * runs over, and the boxes turned with the page.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ocrWordsOf } from '../../server/modules/documents/ocr-words';
import { ocrMarkBoxes, turnBox } from '../../src/custom/documents/ocr-marks';

const row = (level: number, left: number, top: number, width: number, height: number, conf: number, text = '') =>
  [level, 1, 1, 1, 1, 1, left, top, width, height, conf, text].join('\t');
const TSV = [
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
  row(1, 0, 0, 1000, 2000, -1),
  row(4, 100, 200, 500, 40, -1),
  row(5, 100, 200, 120, 40, 96, 'The'),
  row(5, 240, 200, 120, 40, 95, 'spare'),
  row(5, 380, 205, 100, 35, 91, 'tire'),
  row(5, 500, 200, 0, 40, 95, ' '),
  row(5, 100, 300, 200, 40, 90, 'checked.'),
].join('\n');

describe('the words of a page read by OCR', () => {
  const words = ocrWordsOf(TSV);
  it('keeps each word with its box as shares of the page, and no empty word', () => {
    expect(words.map((w) => w.text)).toEqual(['The', 'spare', 'tire', 'checked.']);
    expect(words[1]!.box).toEqual([0.24, 0.1, 0.12, 0.02]);
  });
  it('reads nothing from output without a page row', () => {
    expect(
      ocrWordsOf(
        TSV.split('\n')
          .filter((l) => !l.startsWith('1\t'))
          .join('\n'),
      ),
    ).toEqual([]);
  });

  it('marks a quote with one box per line it runs over', () => {
    const boxes = ocrMarkBoxes(words, 'spare tire checked');
    expect(boxes).toHaveLength(2);
    const [x, y, w, h] = boxes[0]!;
    expect([x, y, +(x + w).toFixed(4), +(y + h).toFixed(4)]).toEqual([0.24, 0.1, 0.48, 0.12]);
    expect(boxes[1]).toEqual([0.1, 0.15, 0.2, 0.02]);
  });
  it('marks nothing when the quote is not among the words', () => {
    expect(ocrMarkBoxes(words, 'snow chains')).toEqual([]);
  });
});

describe('a mark on a page the viewer turned', () => {
  const box = [0.1, 0.2, 0.3, 0.05] as const;
  it('stays on the same words at each quarter turn', () => {
    expect(turnBox(box, 0)).toEqual(box);
    expect(turnBox(box, 90).map((n) => +n.toFixed(4))).toEqual([0.75, 0.1, 0.05, 0.3]);
    expect(turnBox(box, 180).map((n) => +n.toFixed(4))).toEqual([0.6, 0.75, 0.3, 0.05]);
    expect(turnBox(box, 270).map((n) => +n.toFixed(4))).toEqual([0.2, 0.6, 0.05, 0.3]);
  });
});
