/**
 * The editor stage's own presses (not on a table or bar): a drawing tool draws in the cell
 * pressed (a wall drag draws on through every cell it crosses); the select tool picks a wall, or
 * clears the selection and draws a marquee whose release selects everything it touches (with
 * Shift, adds to the selection).
 */
import { useState, type RefObject } from 'react';
import type Konva from 'konva';
import type { VenueLayout } from '../../domain/seating/layout';
import { CELL } from './floor-geometry';
import type { Tool } from './editor-state';

type PointerEvent = Konva.KonvaEventObject<MouseEvent | TouchEvent>;

export interface Marquee {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Options {
  stageRef: RefObject<Konva.Stage | null>;
  layout: VenueLayout;
  tool: Tool;
  onSelect: (ids: string[], additive: boolean) => void;
  onCell: (row: number, col: number, continued?: boolean) => void;
  /** Ends a wheel gesture under way, keeping its view (see useStageView). */
  endWheel: (keep: boolean) => void;
}

export function useStagePointer({ stageRef, layout, tool, onSelect, onCell, endWheel }: Options) {
  const [marquee, setMarquee] = useState<Marquee | null>(null);

  /** The floor cell under the pointer. */
  const pointerCell = () => {
    const stage = stageRef.current!;
    const p = stage.getRelativePointerPosition();
    if (!p) return null;
    return { row: Math.floor(p.y / CELL), col: Math.floor(p.x / CELL), x: p.x, y: p.y };
  };

  const onStageDown = (e: PointerEvent) => {
    // A press draws on, or picks from, the floor as it is: not from a wheel gesture's bitmap.
    endWheel(true);
    const cell = pointerCell();
    if (!cell) return;
    if (tool !== 'select') {
      onCell(cell.row, cell.col);
      return;
    }
    const wall = layout.walls.find((w) => w.row === cell.row && w.col === cell.col);
    const shift = 'shiftKey' in e.evt && e.evt.shiftKey;
    if (wall) {
      onSelect([wall.id], shift);
      return;
    }
    if (!shift) onSelect([], false);
    setMarquee({ x0: cell.x, y0: cell.y, x1: cell.x, y1: cell.y });
  };

  const onStageMove = (e: PointerEvent) => {
    if (tool === 'wall' && 'buttons' in e.evt && e.evt.buttons === 1) {
      const cell = pointerCell();
      if (cell) onCell(cell.row, cell.col, true);
      return;
    }
    if (!marquee) return;
    const cell = pointerCell();
    if (cell) setMarquee({ ...marquee, x1: cell.x, y1: cell.y });
  };

  const onStageUp = (e: PointerEvent) => {
    if (!marquee) return;
    setMarquee(null);
    const c0 = Math.min(marquee.x0, marquee.x1) / CELL;
    const c1 = Math.max(marquee.x0, marquee.x1) / CELL;
    const r0 = Math.min(marquee.y0, marquee.y1) / CELL;
    const r1 = Math.max(marquee.y0, marquee.y1) / CELL;
    if (c1 - c0 < 0.2 && r1 - r0 < 0.2) return;
    const hit = (i: { row: number; col: number }) => i.col + 1 > c0 && i.col < c1 && i.row + 1 > r0 && i.row < r1;
    const ids = [
      ...layout.seats.filter((s) => s.items.some(hit)).map((s) => s.id),
      ...layout.bars.filter((b) => b.items.some(hit)).map((b) => b.id),
      ...layout.walls.filter(hit).map((w) => w.id),
    ];
    onSelect(ids, 'shiftKey' in e.evt && e.evt.shiftKey);
  };

  return { marquee, onStageDown, onStageMove, onStageUp };
}
