/**
 * The floor plan as a plain table: every table, bar and wall with its size and position, the
 * same plan the canvas draws, readable by a screen reader and selectable by keyboard.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacedItem, VenueLayout } from '../../domain/seating/layout';
import { bounds } from './floor-geometry';

const position = (items: readonly PlacedItem[]) => {
  const b = bounds(items);
  return { row: b.minRow + 1, col: b.minCol + 1, rows: b.maxRow - b.minRow + 1, cols: b.maxCol - b.minCol + 1 };
};

type Row = {
  id: string;
  kind: 'table' | 'bar';
  name: string;
  places: number | null;
  items: readonly PlacedItem[];
  available: boolean | null;
};

export function LayoutList({
  layout,
  selection,
  onSelect,
  upcoming,
}: {
  layout: VenueLayout;
  selection: string[];
  onSelect: (ids: string[], additive: boolean) => void;
  upcoming: Map<string, number>;
}) {
  const { t } = useTranslation();
  const rows: Row[] = [
    ...layout.seats.map((s) => ({
      id: s.id,
      kind: 'table' as const,
      name: s.name,
      places: s.places,
      items: s.items,
      available: s.isAvailable,
    })),
    ...layout.bars.map((b) => ({
      id: b.id,
      kind: 'bar' as const,
      name: b.name,
      places: null,
      items: b.items,
      available: null,
    })),
  ];
  const picked = new Set(selection);
  return (
    <div className="seating-list">
      <table aria-label={t('seating.listCaption')}>
        <caption>
          {t('seating.listSummary', { width: layout.width, height: layout.height, walls: layout.walls.length })}
        </caption>
        <thead>
          <tr>
            <th>{t('seating.col.kind')}</th>
            <th>{t('seating.col.name')}</th>
            <th>{t('seating.col.places')}</th>
            <th>{t('seating.col.position')}</th>
            <th>{t('seating.col.size')}</th>
            <th>{t('seating.col.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <LayoutRow
              key={r.id}
              {...r}
              selected={picked.has(r.id)}
              count={upcoming.get(r.id) ?? 0}
              onSelect={onSelect}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One row, re-rendered only when its own item changes (a 500-table floor has 500 rows). */
const LayoutRow = memo(function LayoutRow({
  id,
  kind,
  name,
  places,
  items,
  available,
  selected,
  count,
  onSelect,
}: Row & {
  selected: boolean;
  count: number;
  onSelect: (ids: string[], additive: boolean) => void;
}) {
  const { t } = useTranslation();
  const p = position(items);
  return (
    <tr aria-selected={selected} data-testid={`layout-row-${name}`}>
      <td>{t(`seating.kind.${kind}`)}</td>
      <td>
        <button
          type="button"
          onClick={(e) => onSelect([id], e.shiftKey)}
          className={selected ? 'seating-list-name seating-list-name-selected' : 'seating-list-name'}
        >
          {name}
        </button>
      </td>
      <td>{places ?? '—'}</td>
      <td>{t('seating.position', p)}</td>
      <td>{t('seating.size', p)}</td>
      <td>
        {available === false ? t('seating.unavailable') : ''}
        {count > 0 ? ` ${t('seating.upcomingCount', { count })}` : ''}
      </td>
    </tr>
  );
});
