/**
 * The PDF viewer's rules (product brief sections 5 and 9): the page input (a whole number above 0
 * and not above the total pages), the zoom steps, the 90° rotation, and which pages are drawn
 * (those in view and one on each side; the others are empty boxes of the right size). Which
 * pages are in view is worked out from the boxes and the scroll position, never from the last
 * scroll event alone: full screen, a zoom or a turn resize every box without scrolling.
 */
import { PDF_ROTATION_STEP, PDF_ZOOM_STEPS } from '../constants';

export type PageInputProblem = 'notANumber' | 'outOfRange';

/** Why a typed page cannot be opened, or null when it can. */
export function pageInputProblem(value: string, total: number): PageInputProblem | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return 'notANumber';
  const page = Number(text);
  return page > 0 && page <= total ? null : 'outOfRange';
}

export type ZoomStep = (typeof PDF_ZOOM_STEPS)[number];

/** The next zoom step up (+1) or down (-1), staying at the ends. */
export function stepZoom(current: ZoomStep, direction: 1 | -1): ZoomStep {
  const at = PDF_ZOOM_STEPS.indexOf(current);
  return PDF_ZOOM_STEPS[Math.min(PDF_ZOOM_STEPS.length - 1, Math.max(0, at + direction))]!;
}

/** A quarter turn clockwise: 0 → 90 → 180 → 270 → 0. */
export const rotateOnce = (rotation: number) => (rotation + PDF_ROTATION_STEP) % 360;

/** Pages drawn around those in view: one on each side, so a short scroll shows a drawn page. */
export const RENDER_AROUND = 1;

/** A page's box on the viewer's sheet, in pixels from the sheet's top. */
export interface PageBox {
  top: number;
  height: number;
}

/**
 * The pages on screen, first to last, and the current one: the page crossing the middle of the
 * viewer (where a cited passage is put), which the page box shows.
 */
export interface PagesInView {
  first: number;
  last: number;
  current: number;
}

/** The last page whose box starts at or above `y` (page 1 above the first box). */
function pageAt(boxes: readonly PageBox[], y: number): number {
  let n = 1;
  while (n < boxes.length && boxes[n]!.top <= y) n++;
  return n;
}

export function pagesInView(boxes: readonly PageBox[], scrollTop: number, viewHeight: number): PagesInView {
  if (boxes.length === 0) return { first: 1, last: 1, current: 1 };
  const bottom = scrollTop + viewHeight;
  let first = pageAt(boxes, scrollTop);
  // Above the first box's top sits the page's gap to its predecessor's end: skip it when that end is out of view.
  const above = boxes[first - 1]!;
  if (above.top + above.height <= scrollTop && first < boxes.length) first++;
  return {
    first,
    last: Math.max(first, pageAt(boxes, bottom - 1)),
    current: pageAt(boxes, scrollTop + viewHeight / 2),
  };
}

export const isRendered = (page: number, view: Pick<PagesInView, 'first' | 'last'>) =>
  page >= view.first - RENDER_AROUND && page <= view.last + RENDER_AROUND;

/** The point at the viewer's top edge as a page and how far into its box (0 its top, 1 its end). */
export interface ScrollAnchor {
  page: number;
  into: number;
}

export function anchorAt(boxes: readonly PageBox[], scrollTop: number): ScrollAnchor {
  if (boxes.length === 0) return { page: 1, into: 0 };
  const page = pageAt(boxes, scrollTop);
  const box = boxes[page - 1]!;
  return { page, into: (scrollTop - box.top) / Math.max(1, box.height) };
}

/** The scroll position that puts the anchor's point back at the top edge once the boxes have changed. */
export function scrollFor(boxes: readonly PageBox[], anchor: ScrollAnchor): number {
  const box = boxes[Math.min(anchor.page, boxes.length) - 1];
  return box ? Math.max(0, Math.round(box.top + anchor.into * box.height)) : 0;
}
