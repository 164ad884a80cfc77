/**
 * The editor's konva stage. Four layers: the static floor (grid and unselected walls, never
 * listening, redrawn only when they change), the tables and bars (listening only in the select
 * tool), an overlay for selected walls and the marquee, and an empty drag layer. Dragging snaps
 * to the grid and moves the whole selection; the model changes once, on drop (one undo step;
 * use-drag-lift.ts). The wheel zooms at the pointer; the zoom is a view setting, not an edit
 * (saved with the plan as the layout's zoom, so it opens as it was left; use-stage-view.ts).
 * Hovering a table or bar shows its full name and places in a tooltip (a small table's label may
 * be shortened to fit).
 *
 * Frame time on a big floor (500 tables, `npm run bench:seating`): konva redraws a whole layer
 * when one of its nodes changes, so the dragged nodes go to the drag layer until the drop, and a
 * wheel gesture draws the floor as one bitmap (the layers cached at the scale it began) until the
 * wheel rests, then once crisp. The pointer's frames never go through React.
 */
import { forwardRef, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Layer, Stage } from 'react-konva';
import type Konva from 'konva';
import { useTranslation } from 'react-i18next';
import type { VenueLayout } from '../../domain/seating/layout';
import { clampZoom, fitted } from './editor-view';
import { editorTip } from './editor-tip';
import { EditorItems, SelectionOverlay } from './EditorLayers';
import { CELL, fitScale, minLabelFont } from './floor-geometry';
import { useFloorColors } from './floor-colors';
import { GridShape, WallsShape } from './floor-shapes';
import { FloorTooltip } from './FloorTooltip';
import { useDragLift } from './use-drag-lift';
import { useStagePointer } from './use-stage-pointer';
import { useStageView } from './use-stage-view';
import type { Tool } from './editor-state';

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
  const [hovered, setHovered] = useState<string | null>(null);
  // Labels shrink no further than reads at the fitted scale; recomputed on resize, not on zoom.
  const minFont = minLabelFont(fitScale(layout.width, layout.height, width, height));
  const { view, live, endWheel, showView, zoomAt, onWheel } = useStageView(
    layout,
    width,
    height,
    { stage: stageRef, floor: floorLayer, items: itemsLayer },
    () => setHovered(null),
  );
  const drag = useDragLift({ selection, onSelect, onMove, endWheel, dragLayer, setHovered });
  const { marquee, onStageDown, onStageMove, onStageUp } = useStagePointer({
    stageRef,
    layout,
    tool,
    onSelect,
    onCell,
    endWheel,
  });

  // An edit, a selection or a theme during a wheel gesture shows at once, not when the wheel rests.
  useLayoutEffect(() => endWheel(true), [layout, selection, tool, colors, endWheel]);

  const selected = useMemo(() => new Set(selection), [selection]);
  const selectedWalls = useMemo(() => layout.walls.filter((w) => selected.has(w.id)), [layout.walls, selected]);

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
    [layout.width, layout.height, width, height, zoomAt, showView, endWheel, live],
  );

  const listening = tool === 'select';
  const tip = hovered && tool === 'select' && !drag.dragging() ? editorTip(layout, hovered, view, width, t) : null;
  const hover = (e: Konva.KonvaEventObject<MouseEvent>, entering: boolean) => {
    const group = e.target.findAncestor('.component');
    const stage = e.target.getStage();
    if (stage) stage.container().style.cursor = entering && group ? 'move' : '';
    const id = entering && group ? group.id() : null;
    if (id !== hovered) setHovered(id);
  };
  return (
    <div className="seating-canvas">
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
          <EditorItems
            bars={layout.bars}
            seats={layout.seats}
            minFont={minFont}
            colors={colors}
            selected={selected}
            listening={listening}
            onSelect={drag.onComponentDown}
            onDragStart={drag.onDragStart}
            onDragMove={drag.onDragMove}
            onDragEnd={drag.onDragEnd}
          />
        </Layer>
        <Layer listening={false}>
          <SelectionOverlay walls={selectedWalls} marquee={marquee} scale={view.scale} colors={colors} />
        </Layer>
        {/* What is being dragged, lifted out of its layer until the drop (see useDragLift). */}
        <Layer ref={dragLayer} listening={false} />
      </Stage>
      {tip && <FloorTooltip {...tip} colors={colors} />}
    </div>
  );
});
export default EditorCanvas;
