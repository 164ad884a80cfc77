/**
 * The editor's konva stage. Four layers: the static floor (grid and unselected walls, never
 * listening, redrawn only when they change), the tables and bars (listening only in the select
 * tool), an overlay for selected walls and the marquee, and an empty drag layer. Dragging snaps
 * to the grid and moves the whole selection; the model changes once, on drop (one undo step).
 * The wheel zooms at the pointer; the zoom is a view setting, not an edit (saved with the plan as
 * the layout's zoom, so it opens as it was left). Hovering a table or bar shows its full
 * name and places in a tooltip (a small table's label may be shortened to fit).
 *
 * Frame time on a big floor (500 tables, `npm run bench:seating`): konva redraws a whole layer
 * when one of its nodes changes, so the dragged nodes go to the drag layer until the drop, and a
 * wheel gesture draws the floor as one bitmap (the layers cached at the scale it began) until the
 * wheel rests, then once crisp. The pointer's frames never go through React.
 */
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Layer, Rect, Stage } from 'react-konva';
import type Konva from 'konva';
import { useTranslation } from 'react-i18next';
import { MAX_ZOOM, MIN_ZOOM, type VenueLayout } from '../../domain/seating/layout';
import { CELL, componentRects, fitScale, floorBox, minLabelFont } from './floor-geometry';
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
/** The wheel has rested this long: the gesture is over and the floor is drawn crisp again. */
const ZOOM_IDLE_MS = 150;
/** The most pixels a layer's bitmap may take while zooming (16 MB): a big floor zoomed in is a little soft until the wheel rests. */
const MAX_CACHE_PIXELS = 4_000_000;

interface View {
  scale: number;
  x: number;
  y: number;
}

/** `v` magnified by `factor` about the stage point `p` (which stays where it is), within the scale bounds. */
function zoomedAt(v: View, factor: number, p: { x: number; y: number }): View {
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, v.scale * factor));
  const wx = (p.x - v.x) / v.scale;
  const wy = (p.y - v.y) / v.scale;
  return { scale, x: p.x - wx * scale, y: p.y - wy * scale };
}

/** A node taken to the drag layer, and where it was, to go back there on drop. */
interface Lifted {
  node: Konva.Node;
  parent: Konva.Container;
  index: number;
  x: number;
  y: number;
}

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
  const floorLayer = useRef<Konva.Layer>(null);
  const itemsLayer = useRef<Konva.Layer>(null);
  const dragLayer = useRef<Konva.Layer>(null);
  const [view, setView] = useState<View>(() => atZoom(layout.width, layout.height, width, height, layout.zoom));
  // What the stage shows now: ahead of `view` during a wheel gesture, which React hears of at its end.
  const live = useRef<View>(view);
  const wheelRest = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [marquee, setMarquee] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  // Labels shrink no further than reads at the fitted scale; recomputed on resize, not on zoom.
  const minFont = minLabelFont(fitScale(layout.width, layout.height, width, height));
  const drag = useRef<{ id: string; x: number; y: number; lifted: Lifted[] } | null>(null);
  // The handlers the shapes get never change (so a table's shape re-renders only when it does);
  // they read the current selection and callbacks here.
  const latest = useRef({ selection, onSelect, onMove });
  useLayoutEffect(() => {
    latest.current = { selection, onSelect, onMove };
  }, [selection, onSelect, onMove]);

  // Every view React sets is what the stage shows, whatever a wheel gesture did meanwhile.
  useLayoutEffect(() => {
    live.current = view;
    stageRef.current?.setAttrs({ scaleX: view.scale, scaleY: view.scale, x: view.x, y: view.y });
  }, [view]);

  /** Ends a wheel gesture: the layers drop their bitmaps and draw crisp; `keep` hands its view to React. */
  const endWheel = useCallback((keep: boolean) => {
    if (wheelRest.current === null) return;
    clearTimeout(wheelRest.current);
    wheelRest.current = null;
    floorLayer.current?.clearCache();
    itemsLayer.current?.clearCache();
    if (keep) setView({ ...live.current });
  }, []);
  useEffect(() => () => endWheel(false), [endWheel]);
  // An edit, a selection or a theme during a wheel gesture shows at once, not when the wheel rests.
  useLayoutEffect(() => endWheel(true), [layout, selection, tool, colors, endWheel]);

  /** A view set by a button or a new floor: it replaces a wheel gesture still under way. */
  const showView = useCallback(
    (next: View) => {
      endWheel(false);
      setView(next);
    },
    [endWheel],
  );

  // A floor of another size (loaded, or resized), or another saved zoom, is shown at that zoom again.
  useEffect(() => {
    showView(atZoom(layout.width, layout.height, width, height, layout.zoom));
  }, [layout.width, layout.height, layout.zoom, width, height, showView]);
  const selected = useMemo(() => new Set(selection), [selection]);
  const selectedWalls = useMemo(() => layout.walls.filter((w) => selected.has(w.id)), [layout.walls, selected]);

  const zoomAt = useCallback(
    (factor: number) => showView(zoomedAt(live.current, factor, { x: width / 2, y: height / 2 })),
    [width, height, showView],
  );

  /** The floor's bounds, for the wheel's bitmaps (read when a gesture begins, not per render). */
  const box = useRef(layout);
  useLayoutEffect(() => {
    box.current = layout;
  }, [layout]);

  const onWheel = (e: Konva.KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    const stage = stageRef.current;
    if (!stage) return;
    if (wheelRest.current === null) {
      // The gesture begins: each big layer becomes one bitmap at the scale the floor is seen at
      // (within MAX_CACHE_PIXELS), so every frame of it draws two images, not 4,000 shapes.
      const area = floorBox(box.current);
      const most = Math.sqrt(MAX_CACHE_PIXELS / (area.width * area.height));
      const pixelRatio = Math.min(live.current.scale * (window.devicePixelRatio || 1), most);
      const hitCanvasPixelRatio = Math.min(live.current.scale, most);
      const bitmap = { ...area, offset: 4, pixelRatio, hitCanvasPixelRatio };
      floorLayer.current?.cache(bitmap);
      itemsLayer.current?.cache(bitmap);
      setHovered(null);
    } else clearTimeout(wheelRest.current);
    const p = stage.getPointerPosition() ?? { x: width / 2, y: height / 2 };
    live.current = zoomedAt(live.current, e.evt.deltaY < 0 ? 1.1 : 1 / 1.1, p);
    // Konva draws at most once per frame (batchDraw), however many wheel events come in it.
    stage.setAttrs({ scaleX: live.current.scale, scaleY: live.current.scale, x: live.current.x, y: live.current.y });
    wheelRest.current = setTimeout(() => endWheel(true), ZOOM_IDLE_MS);
  };

  useImperativeHandle(
    ref,
    () => ({
      fit: () => showView(fitted(layout.width, layout.height, width, height)),
      zoomBy: (f) => zoomAt(f),
      zoom: () => {
        const fit = fitScale(layout.width, layout.height, width, height);
        return clampZoom(Math.round((live.current.scale / fit) * 100) / 100);
      },
      // The whole floor at two image pixels per floor pixel, whatever the zoom and scroll. Drawn
      // with the stage at scale 1 from the floor's corner, then put back before the next frame:
      // cut from the zoomed view, the image's side was floor × scale × (2 / scale) pixels, which
      // came out one short at some zooms (639 for 640).
      toPng: () => {
        endWheel(true);
        const stage = stageRef.current;
        if (!stage) return null;
        const v = live.current;
        stage.setAttrs({ scaleX: 1, scaleY: 1, x: 0, y: 0 });
        try {
          const size = { width: layout.width * CELL, height: layout.height * CELL };
          return stage.toDataURL({ x: 0, y: 0, ...size, pixelRatio: 2 });
        } finally {
          stage.setAttrs({ scaleX: v.scale, scaleY: v.scale, x: v.x, y: v.y });
        }
      },
    }),
    [layout.width, layout.height, width, height, zoomAt, showView, endWheel],
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
    [endWheel],
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
      // the floor), in one render and one redraw of their layers.
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

  const onStageDown = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
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
  // The shapes change only with the floor, the selection or the tool: not on hover, marquee or zoom.
  const components = useMemo(
    () => (
      <>
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
      </>
    ),
    [
      layout.bars,
      layout.seats,
      minFont,
      colors,
      selected,
      listening,
      t,
      onComponentDown,
      onDragStart,
      onDragMove,
      onDragEnd,
    ],
  );
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
        onWheel={onWheel}
      >
        <Layer ref={floorLayer} listening={false}>
          <GridShape width={layout.width} height={layout.height} colors={colors} />
          <WallsShape walls={layout.walls} colors={colors} hidden={selected} />
        </Layer>
        <Layer ref={itemsLayer} listening={listening}>
          {components}
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
        {/* What is being dragged, lifted out of its layer until the drop (see onDragStart). */}
        <Layer ref={dragLayer} listening={false} />
      </Stage>
      {tip && <FloorTooltip {...tip} colors={colors} />}
    </div>
  );
});
export default EditorCanvas;
