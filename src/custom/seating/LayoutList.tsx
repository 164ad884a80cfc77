/**
 * The floor plan as a plain table: every table, bar and wall with its size and position, the
 * same plan the canvas draws, readable by a screen reader and selectable by keyboard.
 */
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlacedItem, VenueLayout } from '../../domain/seating/layout';
import { bounds } from './floor-geometry';

const position = (items: readonly PlacedItem[]) => {
  const b = bounds(items);
  return { row: b.minRow + 1, col: b.minCol + 1, rows: b.maxRow - b.minRow + 1, cols: b.maxCol - b.minCol + 1 };
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
  const { token } = theme.useToken();
  const rows = [
    ...layout.seats.map((s) => ({
      id: s.id,
      kind: t('seating.kind.table'),
      name: s.name,
      places: s.places,
      items: s.items,
      available: s.isAvailable,
    })),
    ...layout.bars.map((b) => ({
      id: b.id,
      kind: t('seating.kind.bar'),
      name: b.name,
      places: null,
      items: b.items,
      available: null,
    })),
  ];
  const cell = {
    padding: '4px 8px',
    textAlign: 'left' as const,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label={t('seating.listCaption')}>
        <caption style={{ textAlign: 'left', padding: '4px 0' }}>
          {t('seating.listSummary', { width: layout.width, height: layout.height, walls: layout.walls.length })}
        </caption>
        <thead>
          <tr>
            <th style={cell}>{t('seating.col.kind')}</th>
            <th style={cell}>{t('seating.col.name')}</th>
            <th style={cell}>{t('seating.col.places')}</th>
            <th style={cell}>{t('seating.col.position')}</th>
            <th style={cell}>{t('seating.col.size')}</th>
            <th style={cell}>{t('seating.col.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const p = position(r.items);
            const count = upcoming.get(r.id) ?? 0;
            return (
              <tr key={r.id} aria-selected={selection.includes(r.id)} data-testid={`layout-row-${r.name}`}>
                <td style={cell}>{r.kind}</td>
                <td style={cell}>
                  <button
                    type="button"
                    onClick={(e) => onSelect([r.id], e.shiftKey)}
                    style={{
                      background: 'none',
                      border: 0,
                      padding: 0,
                      color: 'inherit',
                      cursor: 'pointer',
                      fontWeight: selection.includes(r.id) ? 700 : 400,
                    }}
                  >
                    {r.name}
                  </button>
                </td>
                <td style={cell}>{r.places ?? '—'}</td>
                <td style={cell}>{t('seating.position', p)}</td>
                <td style={cell}>{t('seating.size', p)}</td>
                <td style={cell}>
                  {r.available === false ? t('seating.unavailable') : ''}
                  {count > 0 ? ` ${t('seating.upcomingCount', { count })}` : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
