import { turnBox, type MarkBox } from './ocr-marks';

/**
 * The cited passage on a scanned page: one box a line over the picture (ocr-marks.ts), placed as a
 * share of the page's size so a zoom keeps it, and turned with the page. Inside the page's box.
 */
export function OcrMarks({ boxes, rotation }: { boxes: readonly MarkBox[]; rotation: number }) {
  return boxes.map((box, k) => {
    const [x, y, w, h] = turnBox(box, rotation);
    return (
      <mark
        key={k}
        className="pdf-viewer-ocr-mark"
        style={{ left: `${x * 100}%`, top: `${y * 100}%`, width: `${w * 100}%`, height: `${h * 100}%` }}
      />
    );
  });
}
