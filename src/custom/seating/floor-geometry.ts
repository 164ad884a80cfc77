/**
 * Where the floor plan's pieces are drawn: pure arithmetic shared by the read-only view and the
 * editor (no konva here, so it is cheap to import and to test).
 */
import type { LayoutBar, LayoutTable, PlacedItem } from '../../domain/seating/layout';

/** One grid cell, in stage pixels at zoom 1. */
export const CELL = 40;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Bounds {
  minRow: number;
  minCol: number;
  maxRow: number;
  maxCol: number;
}

export function bounds(items: readonly PlacedItem[]): Bounds {
  let minRow = Infinity;
  let minCol = Infinity;
  let maxRow = -Infinity;
  let maxCol = -Infinity;
  for (const i of items) {
    if (i.row < minRow) minRow = i.row;
    if (i.col < minCol) minCol = i.col;
    if (i.row > maxRow) maxRow = i.row;
    if (i.col > maxCol) maxCol = i.col;
  }
  return { minRow, minCol, maxRow, maxCol };
}

/**
 * The rectangles that draw a component: one when its cells fill their bounding box (the usual
 * table), else one per cell, relative to the box's top-left corner.
 */
export function componentRects(items: readonly PlacedItem[]): { box: Rect; parts: Rect[] } {
  const b = bounds(items);
  const box = {
    x: b.minCol * CELL,
    y: b.minRow * CELL,
    width: (b.maxCol - b.minCol + 1) * CELL,
    height: (b.maxRow - b.minRow + 1) * CELL,
  };
  const filled = new Set(items.map((i) => `${i.row}:${i.col}`)).size;
  if (filled === (b.maxCol - b.minCol + 1) * (b.maxRow - b.minRow + 1))
    return { box, parts: [{ x: 0, y: 0, width: box.width, height: box.height }] };
  return {
    box,
    parts: items.map((i) => ({
      x: (i.col - b.minCol) * CELL,
      y: (i.row - b.minRow) * CELL,
      width: CELL,
      height: CELL,
    })),
  };
}

export type Component = { kind: 'table'; value: LayoutTable } | { kind: 'bar'; value: LayoutBar };

/** The scale that shows a whole `width` × `height` floor in a box of the given pixels. */
export function fitScale(width: number, height: number, boxWidth: number, boxHeight: number): number {
  if (boxWidth <= 0 || boxHeight <= 0) return 1;
  return Math.min(boxWidth / (width * CELL), boxHeight / (height * CELL));
}

/** Measures a line of text at a font size, in the same pixels as the box. */
export type Measure = (text: string, fontSize: number) => number;

export interface FittedLabel {
  text: string;
  fontSize: number;
  /** Whether a line was dropped or cut short (the full text is in the tooltip and the list). */
  cut: boolean;
}

/**
 * The label a box of `width` × `height` can hold: every line at the largest font from `max` down
 * to `min` that fits; else only the first line (the name), shrunk the same way; else the name at
 * `min`, cut with an ellipsis. So a one-cell table still reads "T5" instead of "2 pla…".
 */
export function fitLabel(
  lines: readonly string[],
  width: number,
  height: number,
  measure: Measure,
  { min = 7, max = 13, padding = 5 }: { min?: number; max?: number; padding?: number } = {},
): FittedLabel {
  const w = width - padding * 2;
  const h = height - padding * 2;
  const top = Math.max(min, max);
  const fits = (shown: readonly string[], size: number) =>
    shown.length * size <= h && shown.every((line) => measure(line, size) <= w);
  for (const shown of lines.length > 1 ? [lines, lines.slice(0, 1)] : [lines])
    for (let size = top; size >= min; size--)
      if (fits(shown, size)) return { text: shown.join('\n'), fontSize: size, cut: shown.length < lines.length };
  const name = lines[0] ?? '';
  let end = name.length;
  while (end > 1 && measure(`${name.slice(0, end)}…`, min) > w) end--;
  return { text: end < name.length ? `${name.slice(0, end)}…` : name, fontSize: min, cut: true };
}

/**
 * The smallest label font, in floor pixels, that still reads at `scale` screen pixels per floor
 * pixel (about 9 px on screen), kept within 7 to 16: at 16 a one-cell table still holds "T10",
 * and on a phone's small scale a table shows its name legibly rather than every line unreadably.
 */
export function minLabelFont(scale: number): number {
  return Math.max(7, Math.min(16, Math.ceil(9 / Math.max(scale, 0.01))));
}

/**
 * The floor and everything on it, in stage pixels at zoom 1: the floor's rectangle, grown to
 * take in any item left outside it (a floor made smaller), so a bitmap of it misses nothing.
 */
export function floorBox(layout: {
  width: number;
  height: number;
  walls: readonly PlacedItem[];
  seats: readonly { items: readonly PlacedItem[] }[];
  bars: readonly { items: readonly PlacedItem[] }[];
}): Rect {
  const b = bounds([...layout.walls, ...layout.seats.flatMap((s) => s.items), ...layout.bars.flatMap((s) => s.items)]);
  const x0 = Math.min(0, b.minCol) * CELL;
  const y0 = Math.min(0, b.minRow) * CELL;
  const x1 = Math.max(layout.width, b.maxCol + 1) * CELL;
  const y1 = Math.max(layout.height, b.maxRow + 1) * CELL;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
