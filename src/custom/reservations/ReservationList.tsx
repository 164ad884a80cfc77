import { Button, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPassCode } from '../../domain/reservations/pass-code';
import { RESERVATION_STATUSES, type ReservationStatus, type StatusChange } from '../../domain/reservations/reservation';
import type { Reservation } from '../../domain/reservations/wire';
import { formatPhone } from '../../domain/phone';
import { PagedTable } from '../../ui/tables/PagedTable';
import type { PagedTableState } from '../../ui/tables/use-paged-rows';
import { showTime } from './zoned-time';

const STATUS_COLORS: Record<ReservationStatus, string> = {
  booked: 'blue',
  seated: 'gold',
  paid: 'green',
  cancelled: 'default',
  no_show: 'red',
};
/** The moves a reservation's row offers, by its status. */
const NEXT: Partial<Record<ReservationStatus, StatusChange[]>> = { booked: ['seated', 'no_show'], seated: ['paid'] };

export const PER_PAGE = 20;

/** The night's reservations as a searchable, filterable list, each row with its next moves. */
export function ReservationList({
  table,
  status,
  onStatus,
  onSearch,
  timeZone,
  tableName,
  onMove,
  onEdit,
  onCancel,
}: {
  /** The page on screen (usePagedRows' `table`). */
  table: PagedTableState<Reservation>;
  status: ReservationStatus | undefined;
  onStatus(status: ReservationStatus | undefined): void;
  onSearch(text: string): void;
  timeZone: string;
  tableName(id: string): string;
  onMove(reservation: Reservation, to: StatusChange): void;
  onEdit(reservation: Reservation): void;
  onCancel(reservation: Reservation): void;
}) {
  const { t } = useTranslation();
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
        emptyText={t('reservations.empty')}
        pager={{ showSizeChanger: false }}
        columns={[
          {
            title: t('reservations.fields.time'),
            key: 'time',
            render: (_, r) => `${showTime(r.startsAt, timeZone)} – ${showTime(r.endsAt, timeZone)}`,
          },
          {
            title: t('reservations.fields.guestName'),
            key: 'guest',
            render: (_, r) => (
              <>
                <div>{r.guestName}</div>
                <small>{formatPhone(r.guestPhone)}</small>
              </>
            ),
          },
          { title: t('reservations.fields.partySize'), dataIndex: 'partySize' },
          {
            title: t('reservations.fields.tables'),
            key: 'tables',
            render: (_, r) => r.tableIds.map(tableName).join(', '),
          },
          {
            title: t('reservations.fields.status'),
            key: 'status',
            render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`reservations.status.${r.status}`)}</Tag>,
          },
          {
            title: t('reservations.fields.code'),
            key: 'code',
            render: (_, r) => <code>{formatPassCode(r.code)}</code>,
          },
          {
            title: t('reservations.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space wrap size="small">
                {(NEXT[r.status] ?? []).map((s) => (
                  <Button key={s} size="small" onClick={() => onMove(r, s)}>
                    {t(`reservations.mark.${s}`)}
                  </Button>
                ))}
                {(r.status === 'booked' || r.status === 'seated') && (
                  <>
                    <Button size="small" onClick={() => onEdit(r)}>
                      {t('reservations.edit')}
                    </Button>
                    <Popconfirm
                      title={t('reservations.cancelConfirm', { name: r.guestName })}
                      okText={t('reservations.cancelYes')}
                      cancelText={t('reservations.keep')}
                      onConfirm={() => onCancel(r)}
                    >
                      <Button size="small" danger>
                        {t('reservations.cancel')}
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
