/**
 * A citation in the viewer is marked once the page's text (or a scanned page's OCR words) has
 * come, even when the viewer re-laid its pages meanwhile (a zoom, a drawer opening on a phone:
 * a new way to a page) — before, that cancelled the mark for good.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { OcrWord } from '../../src/domain/documents/documents';
import { usePdfCitation, type ReadOcrWords, type ViewerTarget } from '../../src/custom/documents/use-pdf-citation';

/** A PDF whose page 2 has no text layer (a scan). */
const scan = {
  numPages: 2,
  getPage: async () => ({ getTextContent: async () => ({ items: [{ str: '' }] }) }),
} as unknown as PDFDocumentProxy;
const WORDS: OcrWord[] = [
  { text: 'Coats', box: [0.1, 0.1, 0.1, 0.02] },
  { text: 'are', box: [0.21, 0.1, 0.05, 0.02] },
  { text: 'checked.', box: [0.27, 0.1, 0.1, 0.02] },
];

describe('a citation on a scanned page', () => {
  it('is marked when its OCR words come after the viewer re-laid its pages', async () => {
    let answer: (words: OcrWord[]) => void = () => undefined;
    const read: ReadOcrWords = vi.fn(() => new Promise<OcrWord[]>((resolve) => (answer = resolve)));
    const target: ViewerTarget = { page: 2, quote: 'Coats are checked.', seq: 1 };
    const scroller = { current: null };
    const first = vi.fn();
    const { result, rerender } = renderHook(({ showPage }) => usePdfCitation(scan, target, showPage, scroller, read), {
      initialProps: { showPage: first },
    });
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    expect(first).toHaveBeenCalledWith(2);
    // A zoom: the pages' boxes change, and with them the way to a page.
    rerender({ showPage: vi.fn() });
    await act(async () => answer(WORDS));
    const marks = result.current.ocrMarks;
    expect(marks?.page).toBe(2);
    expect(marks?.boxes.map((box) => box.map((n) => +n.toFixed(4)))).toEqual([[0.1, 0.1, 0.27, 0.02]]);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
