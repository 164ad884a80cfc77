/**
 * The PDF viewer's rules (product brief sections 5 and 9): the page input (a whole number above 0
 * and not above the total pages), the zoom steps, the 90° rotation, and which pages are drawn
 * (the one in view and its neighbours; the others are empty boxes of the right size).
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

/** Pages drawn around the one in view: it and one on each side. */
export const RENDER_AROUND = 1;

export const isRendered = (page: number, current: number) => Math.abs(page - current) <= RENDER_AROUND;
