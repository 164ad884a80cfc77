/**
 * The editor's konva stage. Three layers: the static floor (grid and unselected walls, never
 * listening, redrawn only when they change), the tables and bars (listening only in the select
 * tool), and an overlay for selected walls and the marquee. Dragging snaps to the grid and
 * moves the whole selection; the model changes once, on drop (one undo step). The wheel zooms
 * at the pointer; the zoom is a view setting, not an edit (saved with the plan as the layout's
 * zoom, so it opens as it was left). Hovering a table or bar shows its full
 * name and places in a tooltip (a small table's label may be shortened to fit).
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Layer, Rect, Stage } from 'react-konva';
import type Konva from 'konva';
import { useTranslation } from 'react-i18next';
import { MAX_ZOOM, MIN_ZOOM, type VenueLayout } from '../../domain/seating/layout';
import { CELL, componentRects, fitScale, minLabelFont } from './floor-geometry';
import { useFloorColors } from './floor-colors';
import { BarShape, GridShape, TableShape, WallsShape } from './floor-shapes';
import { FloorTooltip } from './FloorTooltip';

/** 'cell' adds a cell to the one selected table or bar; 'erase' removes the cell clicked (the brief's "delete item"). */
export type Tool = 'select' | 'wall' | 'table' | 'bar' | 'cell' | 'erase';

export interface EditorCanvasHandle {
  fit: () => void;
  zoomBy: (factor: number) => void;
  toPng: () => string | null;
  /** The zoom relative to the whole floor fitted (1), as the layout stores it. */
  zoom: () => number;
}

interface Props {
  layout: VenueLayout;
  selection: string[];
  tool: Tool;
  width: number;
  height: number;
  onSelect: (ids: string[], additive: boolean) => void;
  onMove: (ids: string[], dRow: number, dCol: number) => void;
  /** A cell clicked with a drawing tool; `continued` for the further cells of one wall drag. */
  onCell: (row: number, col: number, continued?: boolean) => void;
}

const MIN_SCALE = 0.1;
const MAX_SCALE = 4;

/** The whole floor, fitted and centred in the stage. */
function fitted(floorWidth: number, floorHeight: number, width: number, height: number) {
  const scale = fitScale(floorWidth, floorHeight, width, height);
  return {
    scale,
    x: Math.max(0, (width - floorWidth * CELL * scale) / 2),
    y: Math.max(0, (height - floorHeight * CELL * scale) / 2),
  };
}

/** A zoom the layout may store (its schema's bounds). */
const clampZoom = (zoom: number) => Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));

/**
 * The floor at the layout's saved zoom: the fitted view magnified by `zoom` about the stage's
 * centre, so a plan saved zoomed in on its bar opens that close again (1 is the whole floor).
 */
function atZoom(floorWidth: number, floorHeight: number, width: number, height: number, zoom: number) {
  const fit = fitted(floorWidth, floorHeight, width, height);
  const z = clampZoom(zoom || 1);
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, fit.scale * z));
  const f = scale / fit.scale;
  return { scale, x: width / 2 - (width / 2 - fit.x) * f, y: height / 2 - (height / 2 - fit.y) * f };
}

const EditorCanvas = forwardRef<EditorCanvasHandle, Props>(function EditorCanvas(
  { layout, selection, tool, width, height, onSelect, onMove, onCell },
  ref,
) {
  const { t } = useTranslation();
  const colors = useFloorColors();
  const stageRef = useRef<Konva.Stage>(null);
  const [view, setView] = useState(() => atZoom(layout.width, layout.height, width, height, layout.zoom));
  const [marquee, setMarquee] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  // Labels shrink no further than reads at the fitted scale; recomputed on resize, not on zoom.
  const minFont = minLabelFont(fitScale(layout.width, layout.height, width, height));
  const drag = useRef<{
    id: string;
    x: number;
    y: number;
    others: { node: Konva.Node; x: number; y: number }[];
  } | null>(null);
  // A floor of another size (loaded, or resized), or another saved zoom, is shown at that zoom again.
  useEffect(() => {
    setView(atZoom(layout.width, layout.height, width, height, layout.zoom));
  }, [layout.width, layout.height, layout.zoom, width, height]);
  const selected = useMemo(() => new Set(selection), [selection]);
  const selectedWalls = useMemo(() => layout.walls.filter((w) => selected.has(w.id)), [layout.walls, selected]);

  const zoomAt = useCallback(
    (factor: number, point?: { x: number; y: number }) => {
      setView((v) => {
        const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, v.scale * factor));
        const p = point ?? { x: width / 2, y: height / 2 };
        const wx = (p.x - v.x) / v.scale;
        const wy = (p.y - v.y) / v.scale;
        return { scale, x: p.x - wx * scale, y: p.y - wy * scale };
      });
    },
    [width, height],
  );

  useImperativeHandle(
    ref,
    () => ({
      fit: () => setView(fitted(layout.width, layout.height, width, height)),
      zoomBy: (f) => zoomAt(f),
      zoom: () => {
        const fit = fitScale(layout.width, layout.height, width, height);
        return clampZoom(Math.round((view.scale / fit) * 100) / 100);
      },
      // The whole floor at two image pixels per floor pixel, whatever the zoom and scroll.
      toPng: () =>
        stageRef.current?.toDataURL({
          x: view.x,
          y: view.y,
          width: layout.width * CELL * view.scale,
          height: layout.height * CELL * view.scale,
          pixelRatio: 2 / view.scale,
        }) ?? null,
    }),
    [layout.width, layout.height, width, height, zoomAt, view],
  );

  /** The floor cell under the pointer. */
  const pointerCell = () => {
    const stage = stageRef.current!;
    const p = stage.getRelativePointerPosition();
    if (!p) return null;
    return { row: Math.floor(p.y / CELL), col: Math.floor(p.x / CELL), x: p.x, y: p.y };
  };

  const onComponentDown = useCallback(
    (id: string, e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
      e.cancelBubble = true;
      const shift = 'shiftKey' in e.evt && e.evt.shiftKey;
      if (shift) onSelect([id], true);
      else if (!selection.includes(id)) onSelect([id], false);
    },
    [onSelect, selection],
  );

  const onDragStart = useCallback(
    (id: string, e: Konva.KonvaEventObject<DragEvent>) => {
      const stage = e.target.getStage()!;
      const others = selection
        .filter((s) => s !== id)
        .map((s) => stage.findOne(`#${CSS.escape(s)}`))
        .filter((n): n is Konva.Node => !!n)
        .map((node) => ({ node, x: node.x(), y: node.y() }));
      drag.current = { id, x: e.target.x(), y: e.target.y(), others };
      setHovered(null);
    },
    [selection],
  );

  const onDragMove = useCallback((_: string, e: Konva.KonvaEventObject<DragEvent>) => {
    const d = drag.current;
    if (!d) return;
    // Snap to the grid while dragging; the others follow by the same whole cells.
    const x = d.x + Math.round((e.target.x() - d.x) / CELL) * CELL;
    const y = d.y + Math.round((e.target.y() - d.y) / CELL) * CELL;
    e.target.position({ x, y });
    for (const o of d.others) o.node.position({ x: o.x + x - d.x, y: o.y + y - d.y });
  }, []);

  const onDragEnd = useCallback(
    (id: string, e: Konva.KonvaEventObject<DragEvent>) => {
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      const dCol = Math.round((e.target.x() - d.x) / CELL);
      const dRow = Math.round((e.target.y() - d.y) / CELL);
      // Put the nodes back: the model moves them (or refuses, when the move leaves the floor).
      e.target.position({ x: d.x, y: d.y });
      for (const o of d.others) o.node.position({ x: o.x, y: o.y });
      const ids = selection.includes(id) ? selection : [id];
      if (dRow || dCol) onMove(ids, dRow, dCol);
    },
    [onMove, selection],
  );

  const onStageDown = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
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

  const onStageMove = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (tool === 'wall' && 'buttons' in e.evt && e.evt.buttons === 1) {
      const cell = pointerCell();
      if (cell) onCell(cell.row, cell.col, true);
      return;
    }
    if (!marquee) return;
    const cell = pointerCell();
    if (cell) setMarquee({ ...marquee, x1: cell.x, y1: cell.y });
  };

  const onStageUp = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
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

  const listening = tool === 'select';
  const tip = hovered && tool === 'select' && !drag.current ? tooltipFor(hovered) : null;
  function tooltipFor(id: string) {
    const table = layout.seats.find((s) => s.id === id);
    const bar = table ? undefined : layout.bars.find((b) => b.id === id);
    const items = table?.items ?? bar?.items;
    if (!items?.length) return null;
    const { box } = componentRects(items);
    const text = table
      ? [
          table.name,
          t('seating.placesCount', { count: table.places }),
          table.isAvailable ? '' : t('seating.unavailable'),
        ]
          .filter(Boolean)
          .join(' · ')
      : bar!.name;
    const left = Math.max(0, Math.min(width - 8, view.x + (box.x + box.width / 2) * view.scale));
    const top = view.y + box.y * view.scale;
    return { text, left, top };
  }
  const hover = (e: Konva.KonvaEventObject<MouseEvent>, entering: boolean) => {
    const group = e.target.findAncestor('.component');
    const stage = e.target.getStage();
    if (stage) stage.container().style.cursor = entering && group ? 'move' : '';
    const id = entering && group ? group.id() : null;
    if (id !== hovered) setHovered(id);
  };
  return (
    <div style={{ position: 'relative' }}>
      <Stage
        ref={stageRef}
        width={width}
        height={height}
        scaleX={view.scale}
        scaleY={view.scale}
        x={view.x}
        y={view.y}
        onMouseDown={onStageDown}
        onTouchStart={onStageDown}
        onMouseMove={onStageMove}
        onTouchMove={onStageMove}
        onMouseUp={onStageUp}
        onMouseOver={(e) => hover(e, true)}
        onMouseOut={(e) => hover(e, false)}
        onTouchEnd={onStageUp}
        onWheel={(e) => {
          e.evt.preventDefault();
          const p = e.target.getStage()!.getPointerPosition() ?? undefined;
          zoomAt(e.evt.deltaY < 0 ? 1.1 : 1 / 1.1, p);
        }}
      >
        <Layer listening={false}>
          <GridShape width={layout.width} height={layout.height} colors={colors} />
          <WallsShape walls={layout.walls} colors={colors} hidden={selected} />
        </Layer>
        <Layer listening={listening}>
          {layout.bars.map((bar) => (
            <BarShape
              key={bar.id}
              id={bar.id}
              bar={bar}
              label={bar.name}
              minFont={minFont}
              colors={colors}
              style={colors.barStyle}
              selected={selected.has(bar.id)}
              listening={listening}
              draggable={listening}
              onSelect={onComponentDown}
              onDragStart={onDragStart}
              onDragMove={onDragMove}
              onDragEnd={onDragEnd}
            />
          ))}
          {layout.seats.map((table) => (
            <TableShape
              key={table.id}
              id={table.id}
              table={table}
              label={`${table.name}\n${t('seating.placesCount', { count: table.places })}`}
              minFont={minFont}
              colors={colors}
              style={table.isAvailable ? colors.table : colors.unavailable}
              selected={selected.has(table.id)}
              listening={listening}
              draggable={listening}
              onSelect={onComponentDown}
              onDragStart={onDragStart}
              onDragMove={onDragMove}
              onDragEnd={onDragEnd}
            />
          ))}
        </Layer>
        <Layer listening={false}>
          {selectedWalls.map((w) => (
            <Rect
              key={w.id}
              id={w.id}
              x={w.col * CELL}
              y={w.row * CELL}
              width={CELL}
              height={CELL}
              fill={colors.wall}
              stroke={colors.selected}
              strokeWidth={3}
            />
          ))}
          {marquee && (
            <Rect
              x={Math.min(marquee.x0, marquee.x1)}
              y={Math.min(marquee.y0, marquee.y1)}
              width={Math.abs(marquee.x1 - marquee.x0)}
              height={Math.abs(marquee.y1 - marquee.y0)}
              stroke={colors.selected}
              dash={[4, 4]}
              strokeWidth={1 / view.scale}
            />
          )}
        </Layer>
      </Stage>
      {tip && <FloorTooltip {...tip} colors={colors} />}
    </div>
  );
});
export default EditorCanvas;
