/**
 * Dragging tables and bars in the editor. Dragging snaps to the grid and moves the whole
 * selection; the model changes once, on drop (one undo step). Konva redraws a whole layer when
 * one of its nodes changes, so the dragged nodes go to the drag layer until the drop.
 */
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type Konva from 'konva';
import { CELL } from './floor-geometry';

/** A node taken to the drag layer, and where it was, to go back there on drop. */
interface Lifted {
  node: Konva.Node;
  parent: Konva.Container;
  index: number;
  x: number;
  y: number;
}

interface Options {
  selection: string[];
  onSelect: (ids: string[], additive: boolean) => void;
  onMove: (ids: string[], dRow: number, dCol: number) => void;
  /** Ends a wheel gesture under way, keeping its view (see useStageView). */
  endWheel: (keep: boolean) => void;
  dragLayer: RefObject<Konva.Layer | null>;
  /** Sets the hovered component: a drag starts with none. Must not change between renders. */
  setHovered: (id: string | null) => void;
}

/** The handlers the shapes get; they never change, so a table's shape re-renders only when it does. */
export function useDragLift({ selection, onSelect, onMove, endWheel, dragLayer, setHovered }: Options) {
  const drag = useRef<{ id: string; x: number; y: number; lifted: Lifted[] } | null>(null);
  // The handlers read the current selection and callbacks here.
  const latest = useRef({ selection, onSelect, onMove });
  useLayoutEffect(() => {
    latest.current = { selection, onSelect, onMove };
  }, [selection, onSelect, onMove]);

  const onComponentDown = useCallback(
    (id: string, e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
      e.cancelBubble = true;
      endWheel(true);
      const shift = 'shiftKey' in e.evt && e.evt.shiftKey;
      const { selection: current, onSelect: select } = latest.current;
      if (shift) select([id], true);
      else if (!current.includes(id)) select([id], false);
    },
    [endWheel],
  );

  const onDragStart = useCallback(
    (id: string, e: Konva.KonvaEventObject<DragEvent>) => {
      endWheel(true);
      const stage = e.target.getStage()!;
      const others = new Set(latest.current.selection.filter((s) => s !== id));
      const nodes = [e.target, ...(others.size ? stage.find((n: Konva.Node) => others.has(n.id())) : [])];
      // Lift the dragged nodes to the drag layer: each frame redraws them alone, not the 500 tables
      // they come from (redrawn once now, without them). Indexes are read as each one leaves, so
      // putting them back in the reverse order restores the order they were drawn in.
      const lifted: Lifted[] = [];
      const left = new Set<Konva.Layer>();
      for (const node of nodes) {
        const parent = node.getParent();
        const layer = node.getLayer();
        if (!parent || !layer || !dragLayer.current) continue;
        lifted.push({ node, parent, index: node.zIndex(), x: node.x(), y: node.y() });
        left.add(layer);
        node.moveTo(dragLayer.current);
      }
      for (const layer of left) layer.batchDraw();
      drag.current = { id, x: e.target.x(), y: e.target.y(), lifted };
      setHovered(null);
    },
    [endWheel, dragLayer, setHovered],
  );

  const onDragMove = useCallback((_: string, e: Konva.KonvaEventObject<DragEvent>) => {
    const d = drag.current;
    if (!d) return;
    // Snap to the grid while dragging; the others follow by the same whole cells.
    const x = d.x + Math.round((e.target.x() - d.x) / CELL) * CELL;
    const y = d.y + Math.round((e.target.y() - d.y) / CELL) * CELL;
    e.target.position({ x, y });
    for (const o of d.lifted) if (o.node !== e.target) o.node.position({ x: o.x + x - d.x, y: o.y + y - d.y });
  }, []);

  const onDragEnd = useCallback(
    (id: string, e: Konva.KonvaEventObject<DragEvent>) => {
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      endWheel(true);
      const dCol = Math.round((e.target.x() - d.x) / CELL);
      const dRow = Math.round((e.target.y() - d.y) / CELL);
      // Put the nodes back where they were: the model moves them (or refuses, when the move leaves
      // the floor or lands on another item: placement.ts shiftComponents, the arrow keys' rule too),
      // in one render and one redraw of their layers.
      for (const o of [...d.lifted].reverse()) {
        o.node.position({ x: o.x, y: o.y });
        o.node.moveTo(o.parent);
        o.node.zIndex(Math.min(o.index, o.parent.children.length - 1));
      }
      const { selection: current, onMove: move } = latest.current;
      const ids = current.includes(id) ? current : [id];
      if (dRow || dCol) move(ids, dRow, dCol);
    },
    [endWheel],
  );

  /** Whether a drag is under way (read at render: no tooltip then). */
  const dragging = () => drag.current !== null;
  return { dragging, onComponentDown, onDragStart, onDragMove, onDragEnd };
}
