import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../../domain/reservations/reservation';
import type { VenueLayout } from '../../domain/seating/layout';

export interface PlanTableListProps {
  tables: VenueLayout['seats'];
  /** Each table's state at the instant the plan shows, with the guest holding it. */
  states: Record<string, { state: TableState; guestName: string | null }>;
  onOpen(tableId: string): void;
}

/**
 * The floor plan's tables as buttons under the canvas: the same states in words, reachable by
 * keyboard and screen reader (the canvas is one picture to them), and large enough to tap on a
 * phone where the drawn plan is small. A free table opens a booking; a held one, its reservation.
 */
export function PlanTableList({ tables, states, onOpen }: PlanTableListProps) {
  const { t } = useTranslation();
  return (
    <Space
      wrap
      size={[8, 8]}
      className="reservations-plan-tables"
      role="list"
      aria-label={t('reservations.planTables')}
    >
      {tables.map((table) => {
        const held = states[table.id];
        const state = held?.state ?? 'free';
        const words = [table.name, t('seating.placesCount', { count: table.places })];
        if (!table.isAvailable) words.push(t('seating.unavailable'));
        else words.push(t(`seating.state.${state}`), ...(held?.guestName ? [held.guestName] : []));
        return (
          <span role="listitem" key={table.id}>
            <Button
              size="small"
              type={state === 'free' && table.isAvailable ? 'default' : 'dashed'}
              disabled={!table.isAvailable}
              onClick={() => onOpen(table.id)}
            >
              {words.join(' · ')}
            </Button>
          </span>
        );
      })}
    </Space>
  );
}
