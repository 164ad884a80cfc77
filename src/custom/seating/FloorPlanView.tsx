/**
 * A venue's floor plan, read-only: the whole floor fitted to the width it is given, each table
 * labelled with its name, places and (when `states` is given) its state in words, with an
 * outline per state so the state never rests on colour alone. Other areas lazy-import it (the
 * reservations screen shows each table's live state and opens a table on click).
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Stage } from 'react-konva';
import type { VenueLayout } from '../../domain/seating/layout';
import { useElementWidth } from '../../ui/use-element-width';
import { CELL, componentRects, fitScale, minLabelFont } from './floor-geometry';
import { useFloorColors, type TableState } from './floor-colors';
import { BarShape, GridShape, TableShape, WallsShape } from './floor-shapes';
import { FloorTooltip } from './FloorTooltip';
import './floor-plan.css';

export interface FloorPlanViewProps {
  layout: VenueLayout;
  states?: Record<string, TableState>;
  selected?: string[];
  onTableClick?: (tableId: string) => void;
  height?: number;
}

export default function FloorPlanView({ layout, states, selected, onTableClick, height = 420 }: FloorPlanViewProps) {
  const { t } = useTranslation();
  const colors = useFloorColors();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const scale = Math.min(2, fitScale(layout.width, layout.height, width, height));
  const stageHeight = Math.min(height, Math.ceil(layout.height * CELL * scale));
  const onSelect = useCallback((id: string) => onTableClick?.(id), [onTableClick]);
  const minFont = minLabelFont(scale);
  const [hovered, setHovered] = useState<string | null>(null);
  const words = useCallback(
    (table: VenueLayout['seats'][number]) => {
      const state = states?.[table.id];
      const out = [table.name, t('seating.placesCount', { count: table.places })];
      if (state) out.push(t(`seating.state.${state}`));
      else if (!table.isAvailable) out.push(t('seating.unavailable'));
      return out;
    },
    [states, t],
  );
  // The shapes are made again only when the floor, its states or the size change: not on hover.
  const shapes = useMemo(() => {
    const chosen = new Set(selected ?? []);
    const barStyle = { fill: colors.bar, stroke: colors.barStroke, strokeWidth: 1, dash: undefined };
    return {
      bars: layout.bars.map((bar) => (
        <BarShape
          key={bar.id}
          id={bar.id}
          bar={bar}
          label={bar.name}
          minFont={minFont}
          colors={colors}
          style={barStyle}
        />
      )),
      tables: layout.seats.map((table) => {
        const state = states?.[table.id];
        const style = state ? colors.states[state] : table.isAvailable ? colors.table : colors.unavailable;
        return (
          <TableShape
            key={table.id}
            id={table.id}
            table={table}
            label={words(table).join('\n')}
            minFont={minFont}
            style={style}
            colors={colors}
            selected={chosen.has(table.id)}
            listening={!!onTableClick}
            onSelect={onTableClick ? onSelect : undefined}
          />
        );
      }),
    };
  }, [layout.bars, layout.seats, states, selected, minFont, colors, onTableClick, onSelect, words]);
  const hoveredTable = hovered ? layout.seats.find((s) => s.id === hovered) : undefined;
  const hoveredBox = hoveredTable && componentRects(hoveredTable.items).box;
  const tip = hoveredTable &&
    hoveredBox && {
      text: words(hoveredTable).join(' · '),
      left: (hoveredBox.x + hoveredBox.width / 2) * scale,
      top: hoveredBox.y * scale,
    };

  const summary = t('seating.view.summary', { tables: layout.seats.length, bars: layout.bars.length });
  return (
    <div ref={ref} role="img" aria-label={summary} className="seating-plan">
      {width > 0 && (
        <Stage
          width={width}
          height={stageHeight}
          scaleX={scale}
          scaleY={scale}
          onMouseOver={(e) => {
            const group = e.target.findAncestor('.component');
            if (onTableClick && group) e.target.getStage()!.container().style.cursor = 'pointer';
            setHovered(group ? group.id() : null);
          }}
          onMouseOut={(e) => {
            const stage = e.target.getStage();
            if (stage) stage.container().style.cursor = '';
            setHovered(null);
          }}
        >
          <Layer listening={false}>
            <GridShape width={layout.width} height={layout.height} colors={colors} />
            <WallsShape walls={layout.walls} colors={colors} />
            {shapes.bars}
          </Layer>
          <Layer listening={!!onTableClick}>{shapes.tables}</Layer>
        </Stage>
      )}
      {tip && <FloorTooltip {...tip} colors={colors} />}
    </div>
  );
}
