/**
 * The editor's konva layers above the floor: its tables and bars (listening only in the select
 * tool), and an overlay for the selected walls and the marquee.
 */
import { memo } from 'react';
import { Rect } from 'react-konva';
import type Konva from 'konva';
import { useTranslation } from 'react-i18next';
import type { LayoutBar, LayoutTable, PlacedItem } from '../../domain/seating/layout';
import { CELL } from './floor-geometry';
import type { FloorColors } from './floor-colors';
import { BarShape, TableShape } from './floor-shapes';
import type { Marquee } from './use-stage-pointer';

type Handler<E> = (id: string, e: Konva.KonvaEventObject<E>) => void;

/**
 * The tables and bars. They change only with the floor, the selection or the tool: not on hover,
 * marquee or zoom (the handlers never change, see useDragLift).
 */
export const EditorItems = memo(function EditorItems({
  bars,
  seats,
  minFont,
  colors,
  selected,
  listening,
  onSelect,
  onDragStart,
  onDragMove,
  onDragEnd,
}: {
  bars: readonly LayoutBar[];
  seats: readonly LayoutTable[];
  minFont: number;
  colors: FloorColors;
  selected: ReadonlySet<string>;
  listening: boolean;
  onSelect: Handler<MouseEvent | TouchEvent>;
  onDragStart: Handler<DragEvent>;
  onDragMove: Handler<DragEvent>;
  onDragEnd: Handler<DragEvent>;
}) {
  const { t } = useTranslation();
  const handlers = { onSelect, onDragStart, onDragMove, onDragEnd };
  return (
    <>
      {bars.map((bar) => (
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
          {...handlers}
        />
      ))}
      {seats.map((table) => (
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
          {...handlers}
        />
      ))}
    </>
  );
});

/** The selected walls, drawn over the floor (which leaves them out), and the marquee being drawn. */
export function SelectionOverlay({
  walls,
  marquee,
  scale,
  colors,
}: {
  walls: readonly PlacedItem[];
  marquee: Marquee | null;
  /** The stage's scale: the marquee's line stays one screen pixel wide. */
  scale: number;
  colors: FloorColors;
}) {
  return (
    <>
      {walls.map((w) => (
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
          strokeWidth={1 / scale}
        />
      )}
    </>
  );
}
