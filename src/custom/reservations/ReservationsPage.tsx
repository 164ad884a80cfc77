import { useState } from 'react';
import { useCustomMutation, useInvalidate, useList, type CrudFilter, type HttpError } from '@refinedev/core';
import { Alert, Button, Input, Segmented, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RESERVATION_API, RESERVATIONS_RESOURCE } from '../../domain/reservations/api';
import { OPEN_STATUSES, type ReservationStatus } from '../../domain/reservations/reservation';
import type { storedLayoutAnswer } from '../../domain/seating/wire';
import { venuePath } from '../../domain/venue/api';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { PagePanel } from '../../ui/PagePanel';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NoVenue } from '../../ui/venue/NoVenue';
import { useSelectedVenue } from '../../ui/venue/use-selected-venue';
import { useBusinessTimeZone } from '../../ui/venue/use-business-time-zone';
import { DayTimeline } from './DayTimeline';
import { PlanView } from './PlanView';
import { PER_PAGE, ReservationList } from './ReservationList';
import { tableLabel } from './table-label';
import { ReservationDialog } from './ReservationDialog';
import type { availabilityAnswer, Reservation, reservationAnswer, TableStateRow } from '../../domain/reservations/wire';
import { useApiFetch, useApiQuery } from '../../providers/use-api';
import { clockOf, nightZone } from './zoned-time';
import { defaultPlanInstant } from './plan-time';
import { useMinuteClock } from './use-minute-clock';
import './reservations.css';

type View = 'list' | 'day' | 'plan';
/** The day view and the plan read the whole night: one page of this many. */
const NIGHT_ROWS = 100;

/**
 * reservation_management: the selected venue's reservations for a night — as a list, as a
 * timeline per table, and on the floor plan with each table's live state — with booking,
 * editing, seating, payment, no-show and cancelling. Every read is a Refine list of the
 * `reservations` live resource, so a change made by anyone refreshes every open screen.
 */
export default function ReservationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.reservation_management'));
  const { venue, loading } = useSelectedVenue();
  const business = useBusinessTimeZone();
  // The night on screen: one picked, else the venue's night it is now, as the server names it
  // (src/domain/venue/venue-night.ts) — at 1:30 AM still last evening's, as at the door.
  const [picked, setPicked] = useState<string | null>(null);
  const [planAt, setPlanAt] = useState<number | null>(null);
  const [view, setView] = useState<View>('list');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<ReservationStatus | undefined>();
  const [dialog, setDialog] = useState<{ editing: Reservation | null; tables: string[]; time?: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const venueId = venue?.id ?? '';
  const { data: availability, query: night } = useApiQuery<typeof availabilityAnswer>({
    url: venuePath(RESERVATION_API.availability, { venueId }),
    query: picked ? { day: picked } : {},
    queryOptions: { enabled: !!venueId },
  });
  const day = picked ?? availability?.day ?? '';
  const enabled = !!venueId && !!day;

  const filters = Object.entries({ day, query: query.trim(), status: status ?? '' })
    .filter(([, v]) => v !== '')
    .map(([field, value]): CrudFilter => ({ field, operator: 'eq', value }));
  // One query for the three views: the list pages it with its search and status; the day view
  // and the plan read the whole night from it, whatever page the list was on.
  const list = usePagedRows<Reservation>({
    resource: RESERVATIONS_RESOURCE,
    path: venuePath(RESERVATION_API.list, { venueId }),
    filters: view === 'list' ? filters : [{ field: 'day', operator: 'eq', value: day }],
    perPage: PER_PAGE,
    unpaged: view === 'list' ? undefined : NIGHT_ROWS,
    enabled,
  });
  // The floor plan shows the room at one instant of the night (a time picked, else now or the opening).
  const span = availability ? (availability.night ?? availability.window) : null;
  const now = useMinuteClock();
  const at = planAt ?? (span ? defaultPlanInstant(span, now) : null);
  const { result: states } = useList<TableStateRow>({
    resource: RESERVATIONS_RESOURCE,
    meta: { path: venuePath(RESERVATION_API.tableStates, { venueId }) },
    pagination: { mode: 'off' },
    filters: at === null ? [] : [{ field: 'at', operator: 'eq', value: new Date(at).toISOString() }],
    liveMode: 'auto',
    queryOptions: { enabled: enabled && view === 'plan' && at !== null },
    errorNotification: false,
  });
  const plan = useApiQuery<typeof storedLayoutAnswer>({
    url: venuePath(RESERVATION_API.layout, { venueId }),
    queryOptions: { enabled: enabled && view === 'plan' },
  }).data?.layout;

  const invalidate = useInvalidate();
  const fetchApi = useApiFetch();
  const reload = () => invalidate({ resource: RESERVATIONS_RESOURCE, invalidates: ['list', 'all'] });
  const { mutateAsync } = useCustomMutation<Reservation, HttpError, unknown>();
  const change = async (url: string, method: 'patch' | 'delete', values: unknown, toast: string) => {
    setFailure(null);
    try {
      await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      showToast({ kind: 'message', type: 'success', content: toast });
      await reload();
      await night.refetch();
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  if (!venue)
    return (
      <PagePanel title={t('pages.reservation_management')}>
        <NoVenue loading={loading} />
      </PagePanel>
    );

  // Null until the night or the business has named its zone: the times wait rather than jump.
  const tz = nightZone(availability?.timeZone, business.timeZone, {
    night: night.isError,
    business: business.query.isError,
  });
  const tableName = (id: string) => tableLabel(availability?.tables, id, t('reservations.tableRemoved'));
  const readFailure = list.error ? errorText(t, list.error) : null;
  const heldBy: Record<string, TableStateRow> = Object.fromEntries(states.data.map((s) => [s.tableId, s]));
  /**
   * A free table opens a booking at the plan's time; a held one, the reservation holding it. The
   * table states and the night's list refresh separately (a save invalidates both), so a table
   * can show a reservation the list has not caught up with yet: that one is read on its own
   * rather than the click doing nothing.
   */
  const openTable = async (tableId: string) => {
    const held = heldBy[tableId];
    if (!held || held.state === 'free') {
      setDialog({ editing: null, tables: [tableId], time: at === null || !tz ? undefined : clockOf(at, tz) });
      return;
    }
    if (!held.reservationId) return;
    setFailure(null);
    try {
      const holding =
        list.rows.find((r) => r.id === held.reservationId) ??
        (await fetchApi<typeof reservationAnswer>(venuePath(RESERVATION_API.one, { venueId, id: held.reservationId })));
      if (OPEN_STATUSES.includes(holding.status)) setDialog({ editing: holding, tables: holding.tableIds });
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  return (
    <PagePanel
      title={t('pages.reservation_management')}
      intro={venue ? t('reservations.intro', { venue: venue.name }) : undefined}
    >
      <Space wrap className="reservations-toolbar">
        <Input
          type="date"
          aria-label={t('reservations.night')}
          value={day}
          onChange={(e) => e.target.value && (setPicked(e.target.value), setPlanAt(null), list.setPage(1))}
          className="reservations-night"
        />
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'list', label: t('reservations.views.list') },
            { value: 'day', label: t('reservations.views.day') },
            { value: 'plan', label: t('reservations.views.plan') },
          ]}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ editing: null, tables: [] })}
          disabled={!enabled}
        >
          {t('reservations.new')}
        </Button>
      </Space>
      {availability && !availability.night && (
        <Alert type="warning" showIcon message={t('reservations.closedNight')} className="reservations-alert" />
      )}
      {(failure ?? readFailure) && (
        <Alert type="error" showIcon message={failure ?? readFailure} className="reservations-alert" />
      )}

      {view === 'list' && (
        <ReservationList
          table={list.table}
          status={status}
          onStatus={(v) => (setStatus(v), list.setPage(1))}
          onSearch={(v) => (setQuery(v), list.setPage(1))}
          timeZone={tz}
          tableName={tableName}
          onMove={(r, to) =>
            void change(
              venuePath(RESERVATION_API.status, { venueId, id: r.id }),
              'patch',
              { status: to },
              t(`reservations.done.${to}`),
            )
          }
          onEdit={(r) => setDialog({ editing: r, tables: r.tableIds })}
          onCancel={(r) =>
            void change(
              venuePath(RESERVATION_API.one, { venueId, id: r.id }),
              'delete',
              undefined,
              t('reservations.done.cancelled'),
            )
          }
        />
      )}

      {view === 'day' && availability && (
        <DayTimeline
          availability={availability}
          reservations={list.rows}
          onOpen={(r) => setDialog({ editing: r, tables: r.tableIds })}
        />
      )}

      {view === 'plan' && (
        <PlanView
          plan={plan}
          at={at}
          span={span}
          timeZone={tz}
          onPickTime={setPlanAt}
          heldBy={heldBy}
          onOpenTable={(id) => void openTable(id)}
        />
      )}

      {dialog && (
        <ReservationDialog
          venueId={venueId}
          day={day}
          editing={dialog.editing}
          startTables={dialog.tables}
          startTime={dialog.time}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showToast({ kind: 'message', type: 'success', content: t('reservations.saved') });
            void reload();
            void night.refetch();
          }}
        />
      )}
    </PagePanel>
  );
}
