import { Suspense } from 'react';
import { Space, Spin } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import type { TableStateRow, Span } from '../../domain/reservations/wire';
import type { VenueLayout } from '../../domain/seating/layout';
import { FloorPlanView } from '../seating';
import { PlanTableList } from './PlanTableList';
import { planChoices } from './plan-time';
import { showTime } from './zoned-time';

/**
 * The room at one instant of the night: the floor plan with each table's state (and the same as
 * a list, for keyboards and screen readers). A table's click opens a booking or its reservation.
 */
export function PlanView({
  plan,
  at,
  span,
  timeZone,
  onPickTime,
  heldBy,
  onOpenTable,
}: {
  plan: VenueLayout | undefined;
  at: number | null;
  span: Span | null;
  /** Null while unknown: the picker offers no time yet. */
  timeZone: string | null;
  onPickTime(instant: number): void;
  heldBy: Record<string, TableStateRow>;
  onOpenTable(tableId: string): void;
}) {
  const { t } = useTranslation();
  const stateOf = Object.fromEntries(Object.entries(heldBy).map(([id, s]) => [id, s.state]));
  return (
    <>
      <Space wrap align="center" className="reservations-row">
        <span>{t('reservations.planAt')}</span>
        <Select<number>
          aria-label={t('reservations.planAt')}
          value={at ?? undefined}
          onChange={onPickTime}
          className="reservations-plan-at"
          loading={!timeZone}
          options={
            timeZone
              ? planChoices(span, at).map((instant) => ({ value: instant, label: showTime(instant, timeZone) }))
              : []
          }
        />
        <span>{t('reservations.planHelp')}</span>
      </Space>
      {plan ? (
        <Suspense fallback={<Spin />}>
          <FloorPlanView layout={plan} states={stateOf} height={460} onTableClick={onOpenTable} />
          <PlanTableList tables={plan.seats} states={heldBy} onOpen={onOpenTable} />
        </Suspense>
      ) : (
        <Spin />
      )}
    </>
  );
}
