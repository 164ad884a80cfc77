import { Grid, Input, Space, Tag, type TableColumnsType } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { formatPassCode } from '../../domain/reservations/pass-code';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../domain/reservations/reservation';
import type { Reservation } from '../../domain/reservations/wire';
import { formatPhone } from '../../domain/phone';
import { PagedTable } from '../../ui/tables/PagedTable';
import type { PagedTableState } from '../../ui/tables/use-paged-rows';
import { ReservationActions, type RowActions } from './ReservationActions';
import { showTime } from './zoned-time';

const STATUS_COLORS: Record<ReservationStatus, string> = {
  booked: 'blue',
  seated: 'gold',
  paid: 'green',
  cancelled: 'default',
  no_show: 'red',
};

export const PER_PAGE = 20;

/** The night's reservations as a searchable, filterable list, each row with its next moves. */
export function ReservationList({
  table,
  status,
  onStatus,
  onSearch,
  timeZone,
  tableName,
  ...actions
}: RowActions & {
  /** The page on screen (usePagedRows' `table`). */
  table: PagedTableState<Reservation>;
  status: ReservationStatus | undefined;
  onStatus(status: ReservationStatus | undefined): void;
  onSearch(text: string): void;
  /** Null while unknown: the table shows it is loading and writes no time yet. */
  timeZone: string | null;
  tableName(id: string): string;
}) {
  const { t } = useTranslation();
  // A phone (narrower than antd's md) gets the time, the guest with the party, the status and one
  // actions menu: nothing to scroll sideways for. The rest is in the reservation's dialog.
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const wideColumns: TableColumnsType<Reservation> = [
    { title: t('reservations.fields.partySize'), dataIndex: 'partySize' },
    {
      title: t('reservations.fields.tables'),
      key: 'tables',
      render: (_, r) => r.tableIds.map(tableName).join(', '),
    },
  ];
  const codeColumn: TableColumnsType<Reservation>[number] = {
    title: t('reservations.fields.code'),
    key: 'code',
    render: (_, r) => <code>{formatPassCode(r.code)}</code>,
  };
  return (
    <>
      <Space wrap className="reservations-row">
        <Input.Search
          allowClear
          placeholder={t('reservations.search')}
          aria-label={t('reservations.search')}
          onSearch={onSearch}
          className="reservations-search"
        />
        <Select<ReservationStatus>
          allowClear
          placeholder={t('reservations.allStatuses')}
          aria-label={t('reservations.fields.status')}
          value={status}
          onChange={onStatus}
          options={RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`reservations.status.${s}`) }))}
          className="reservations-status"
        />
      </Space>
      <PagedTable<Reservation>
        {...table}
        loading={table.loading || !timeZone}
        emptyText={t('reservations.empty')}
        pager={{ showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          {
            title: t('reservations.fields.time'),
            key: 'time',
            render: (_, r) => (timeZone ? `${showTime(r.startsAt, timeZone)} – ${showTime(r.endsAt, timeZone)}` : ''),
          },
          {
            title: t('reservations.fields.guestName'),
            key: 'guest',
            render: (_, r) => (
              <>
                <div>{r.guestName}</div>
                <small>{narrow ? t('reservations.partyOf', { count: r.partySize }) : formatPhone(r.guestPhone)}</small>
              </>
            ),
          },
          ...(narrow ? [] : wideColumns),
          {
            title: t('reservations.fields.status'),
            key: 'status',
            render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`reservations.status.${r.status}`)}</Tag>,
          },
          ...(narrow ? [] : [codeColumn]),
          {
            title: narrow ? '' : t('reservations.actions'),
            key: 'actions',
            render: (_, r) => <ReservationActions r={r} narrow={narrow} {...actions} />,
          },
        ]}
      />
    </>
  );
}
