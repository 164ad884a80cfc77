/**
 * The konva pieces of a floor plan, shared by the read-only view and the editor. The grid and
 * the walls are one shape each (one path per frame, not hundreds of nodes); a table or a bar is
 * one group of a rectangle or two and a label. Nothing here listens to the pointer unless asked.
 */
import { memo, useMemo } from 'react';
import { Group, Rect, Shape, Text } from 'react-konva';
import type Konva from 'konva';
import type { LayoutBar, LayoutTable, PlacedItem } from '../../domain/seating/layout';
import { CELL, componentRects, fitLabel, type Measure } from './floor-geometry';
import type { FloorColors, TableStyle } from './floor-colors';

export const GridShape = memo(function GridShape({
  width,
  height,
  colors,
}: {
  width: number;
  height: number;
  colors: FloorColors;
}) {
  return (
    <>
      <Rect width={width * CELL} height={height * CELL} fill={colors.floor} listening={false} />
      <Shape
        listening={false}
        perfectDrawEnabled={false}
        stroke={colors.grid}
        strokeWidth={1}
        sceneFunc={(ctx, shape) => {
          ctx.beginPath();
          for (let c = 0; c <= width; c++) {
            ctx.moveTo(c * CELL, 0);
            ctx.lineTo(c * CELL, height * CELL);
          }
          for (let r = 0; r <= height; r++) {
            ctx.moveTo(0, r * CELL);
            ctx.lineTo(width * CELL, r * CELL);
          }
          ctx.strokeShape(shape);
        }}
      />
    </>
  );
});

export const WallsShape = memo(function WallsShape({
  walls,
  colors,
  hidden,
}: {
  walls: readonly PlacedItem[];
  colors: FloorColors;
  /** Walls drawn elsewhere (the editor draws selected walls on their own so they can move). */
  hidden?: ReadonlySet<string>;
}) {
  return (
    <Shape
      listening={false}
      perfectDrawEnabled={false}
      fill={colors.wall}
      sceneFunc={(ctx, shape) => {
        ctx.beginPath();
        for (const w of walls) if (!hidden?.has(w.id)) ctx.rect(w.col * CELL, w.row * CELL, CELL, CELL);
        ctx.fillShape(shape);
      }}
    />
  );
});

/** Text widths from one offscreen canvas, remembered (labels repeat: "4 places", "T1" …). */
const widths = new Map<string, number>();
let measureContext: CanvasRenderingContext2D | null | undefined;
function measurer(fontFamily: string): Measure {
  return (text, size) => {
    const key = `${size}|${fontFamily}|${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      measureContext ??= document.createElement('canvas').getContext('2d');
      if (!measureContext) return text.length * size * 0.6;
      measureContext.font = `${size}px ${fontFamily}`;
      width = measureContext.measureText(text).width;
      if (widths.size > 5000) widths.clear();
      widths.set(key, width);
    }
    return width;
  };
}

interface ComponentProps {
  /** The label's lines, most important first (the name); what does not fit is dropped or cut. */
  label: string;
  /** The smallest font the label may shrink to, in floor pixels (see minLabelFont). */
  minFont?: number;
  style: TableStyle;
  colors: FloorColors;
  selected?: boolean;
  listening?: boolean;
  draggable?: boolean;
  id: string;
  onSelect?: (id: string, e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => void;
  onDragStart?: (id: string, e: Konva.KonvaEventObject<DragEvent>) => void;
  onDragMove?: (id: string, e: Konva.KonvaEventObject<DragEvent>) => void;
  onDragEnd?: (id: string, e: Konva.KonvaEventObject<DragEvent>) => void;
}

const ComponentShape = memo(function ComponentShape({
  items,
  label,
  minFont,
  style,
  colors,
  selected,
  listening,
  draggable,
  id,
  onSelect,
  onDragStart,
  onDragMove,
  onDragEnd,
}: ComponentProps & { items: readonly PlacedItem[] }) {
  const { box, parts } = componentRects(items);
  const fitted = useMemo(
    () => fitLabel(label.split('\n'), box.width, box.height, measurer(colors.fontFamily), { min: minFont }),
    [label, box.width, box.height, colors.fontFamily, minFont],
  );
  return (
    <Group
      id={id}
      name="component"
      x={box.x}
      y={box.y}
      listening={listening ?? false}
      draggable={draggable}
      onMouseDown={onSelect && ((e) => onSelect(id, e))}
      onTap={onSelect && ((e) => onSelect(id, e))}
      onDragStart={onDragStart && ((e) => onDragStart(id, e))}
      onDragMove={onDragMove && ((e) => onDragMove(id, e))}
      onDragEnd={onDragEnd && ((e) => onDragEnd(id, e))}
    >
      {parts.map((p, i) => (
        <Rect
          key={i}
          x={p.x + 2}
          y={p.y + 2}
          width={p.width - 4}
          height={p.height - 4}
          cornerRadius={6}
          fill={style.fill}
          stroke={selected ? colors.selected : style.stroke}
          strokeWidth={selected ? style.strokeWidth + 2 : style.strokeWidth}
          dash={selected ? undefined : style.dash}
          perfectDrawEnabled={false}
          shadowForStrokeEnabled={false}
        />
      ))}
      <Text
        text={fitted.text}
        width={box.width}
        height={box.height}
        align="center"
        verticalAlign="middle"
        fontSize={fitted.fontSize}
        fontFamily={colors.fontFamily}
        fill={colors.text}
        wrap="none"
        listening={false}
        perfectDrawEnabled={false}
      />
    </Group>
  );
});

export const TableShape = memo(function TableShape({ table, ...props }: ComponentProps & { table: LayoutTable }) {
  return <ComponentShape items={table.items} {...props} />;
});

export const BarShape = memo(function BarShape({ bar, ...props }: ComponentProps & { bar: LayoutBar }) {
  return <ComponentShape items={bar.items} {...props} />;
});
