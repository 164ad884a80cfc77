import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { findQuote, markItem, type Range } from '../../domain/documents/citations';
import type { OcrWord } from '../../domain/documents/documents';
import { ocrMarkBoxes, type MarkBox } from './ocr-marks';

/** Reads the words OCR read on a scanned page (PdfViewer: through the data provider, for a document's own file). */
export type ReadOcrWords = (page: number) => Promise<OcrWord[]>;

/** A citation to show: its page and the passage to mark; `seq` makes a second click on the same one jump again. */
export interface ViewerTarget {
  page: number;
  quote: string;
  seq: number;
}

/**
 * A citation in the viewer: go to its page, find the quoted passage in that page's text, mark it
 * on the text layer (`renderText`) and, once drawn (`markDrawn`), bring it to the middle. A scanned
 * page has no text layer: the passage is found among the words OCR read there (`readOcrWords`)
 * and marked by boxes over the page (`ocrMarks`), brought to the middle the same way.
 */
export function usePdfCitation(
  pdf: PDFDocumentProxy | null,
  target: ViewerTarget | null,
  showPage: (page: number) => void,
  scroller: RefObject<HTMLDivElement | null>,
  readOcrWords?: ReadOcrWords,
) {
  const [highlight, setHighlight] = useState<{
    page: number;
    ranges: Map<number, Range[]>;
    seq: number;
    /** On a scanned page: the boxes over the page that mark the passage. */
    boxes?: MarkBox[];
  } | null>(null);
  const scrolledTo = useRef(0);
  // The latest way to a page, read when a citation comes: a zoom or a drawer opening gives a new
  // one while the page's text (or its OCR words) is on its way, which must not cancel the mark.
  const goTo = useRef(showPage);
  useEffect(() => {
    goTo.current = showPage;
  }, [showPage]);

  // A citation: go to its page, then find the passage in that page's text and mark it.
  useEffect(() => {
    if (!pdf || !target || target.seq === scrolledTo.current || target.page > pdf.numPages) return;
    scrolledTo.current = target.seq;
    goTo.current(target.page);
    let live = true;
    void pdf
      .getPage(target.page)
      .then((page) => page.getTextContent())
      .then(async (content) => {
        if (!live) return;
        const items = content.items.map((item) => ('str' in item ? item.str : ''));
        const at = { page: target.page, seq: target.seq };
        // No text layer: a scan, read by OCR when it was indexed.
        if (readOcrWords && items.every((s) => !s.trim())) {
          const words = await readOcrWords(target.page);
          if (live) setHighlight({ ...at, ranges: new Map(), boxes: ocrMarkBoxes(words, target.quote) });
        } else setHighlight({ ...at, ranges: findQuote(items, target.quote) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pdf, target, readOcrWords]);

  const renderText = useCallback(
    ({ str, itemIndex }: { str: string; itemIndex: number }) => markItem(str, highlight?.ranges.get(itemIndex)),
    [highlight],
  );

  // Once the marked text layer is first drawn, bring the passage to the middle of the view (not
  // again when a zoom or a turn redraws it: the reader may have moved on).
  const markShown = useRef(0);
  const markDrawn = useCallback(() => {
    if (!highlight || markShown.current === highlight.seq) return;
    const el = scroller.current;
    const mark = el?.querySelector(`[data-page-box="${highlight.page}"] mark`);
    if (!el || !mark) return;
    markShown.current = highlight.seq;
    // Within the viewer only (scrollIntoView would move the whole page on a phone).
    const offset = mark.getBoundingClientRect().top - el.getBoundingClientRect().top;
    el.scrollTop += offset - el.clientHeight / 2;
  }, [highlight, scroller]);

  // A scanned page's marks stand over the page box, drawn at once: brought to the middle then.
  useEffect(() => {
    if (highlight?.boxes?.length) markDrawn();
  }, [highlight, markDrawn]);

  return {
    highlightPage: highlight?.page ?? null,
    renderText,
    markDrawn,
    ocrMarks: highlight?.boxes ? { page: highlight.page, boxes: highlight.boxes } : null,
  };
}
