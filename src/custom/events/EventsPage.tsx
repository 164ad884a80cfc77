import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useInvalidate, useList } from '@refinedev/core';
import { Alert, Badge, Button, Flex, Spin, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EVENTS_API } from '../../domain/events/events';
import { zonedDay } from '../../domain/venue/opening-hours';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useSession } from '../../providers/use-session';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useBusinessTimeZone } from '../../ui/venue/use-business-time-zone';
import { useClock } from '../../ui/venue/use-clock';
import { useSelectedVenue, type VenueChoice } from '../../ui/venue/use-selected-venue';
import { CalendarHeader } from '../../ui/time/CalendarHeader';
import { zonedCalendar } from '../../ui/time/zoned-calendar';
import { zoneOnceKnown } from '../../ui/format';
import { AddEventDialog } from './AddEventDialog';
import type { eventDetailsAnswer } from '../../domain/events/wire';
import { useApiMutation } from '../../providers/use-api';
import { detailsRoute, EVENTS, type EventSummary } from './events-api';
import './events.css';

/**
 * club_event_management (club owners): the selected venue's events of a month, as a calendar
 * and a list; add an event. The page waits for the venue and the business's zone: its days and
 * times are the venue's (docs/architecture.md, "Which clock a moment is shown on"), so it shows
 * its loading state rather than this device's day and time first and then a jump.
 */
export default function EventsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.club_event_management'));
  const { venue, loading } = useSelectedVenue();
  const { timeZone, query } = useBusinessTimeZone();
  const zone = zoneOnceKnown(timeZone, query.isError);
  if (venue && zone) return <EventsMonth venue={venue} zone={zone} timeZone={timeZone} />;
  return (
    <PagePanel title={t('pages.club_event_management')}>
      {!loading && !venue ? (
        <Alert
          type="info"
          showIcon
          message={t('events.noVenue')}
          action={<Link to="/club_management/create">{t('events.addVenue')}</Link>}
        />
      ) : (
        <Spin aria-busy="true" />
      )}
    </PagePanel>
  );
}

/**
 * The month of `venue`'s events, its days on `zone` (the business's, or this device's when it
 * could not be read); new events are typed on `timeZone`, the business's, so none is added while
 * it is unknown. The list is Refine's useList, refreshed live on any change.
 */
function EventsMonth({ venue, zone, timeZone }: { venue: VenueChoice; zone: string; timeZone: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const businessId = useSession()?.userData.business?.id ?? '';
  const clock = useClock();
  // The calendar opens on today at the venue and marks that day as today, not this device's.
  const VenueCalendar = zonedCalendar(zone);
  const [selected, setSelected] = useState<Dayjs>(() => dayjs(zonedDay(Date.now(), zone)));
  const month = selected.startOf('month');
  // The month as a value that stays the same between renders (month is a new object each one).
  const monthKey = month.format('YYYY-MM');
  const [adding, setAdding] = useState(false);
  const invalidate = useInvalidate();

  const { result, query } = useList<EventSummary>({
    resource: EVENTS,
    meta: { path: EVENTS_API.list },
    pagination: { mode: 'off' },
    filters: [
      { field: 'businessId', operator: 'eq', value: businessId },
      { field: 'month', operator: 'eq', value: month.month() + 1 },
      { field: 'year', operator: 'eq', value: month.year() },
      { field: 'venueId', operator: 'eq', value: venue.id },
    ],
    liveMode: 'auto',
    queryOptions: { enabled: Boolean(businessId) },
    errorNotification: false,
  });
  const events = result.data;
  const { send } = useApiMutation<typeof eventDetailsAnswer>();

  const upcoming = useList<EventSummary>({
    resource: EVENTS,
    meta: { path: EVENTS_API.upcoming },
    pagination: { mode: 'off' },
    filters: [
      { field: 'businessId', operator: 'eq', value: businessId },
      { field: 'venueId', operator: 'eq', value: venue.id },
    ],
    liveMode: 'auto',
    queryOptions: { enabled: Boolean(businessId) },
    errorNotification: false,
  });
  const next = upcoming.result.data;

  // The page opens on this month; when it has no event and the next one is in a later month, it
  // turns to that month once (not after the person has moved the calendar themselves).
  const turned = useRef(false);
  useEffect(() => {
    if (turned.current || !query.isSuccess || !upcoming.query.isSuccess) return;
    turned.current = true;
    const first = next[0];
    if (events.length || !first) return;
    const day = dayjs(zonedDay(Date.parse(first.startsAt), zone));
    if (day.format('YYYY-MM') !== monthKey) setSelected(day);
  }, [query.isSuccess, upcoming.query.isSuccess, events.length, next, zone, monthKey]);
  const move = (day: Dayjs) => {
    turned.current = true;
    setSelected(day);
  };

  /**
   * The days (at the venue's wall clock) an event shows on: its start day through its last day,
   * where a night that ends in the small hours (before 6 AM) belongs to the evening it started.
   */
  const onDay = (day: Dayjs) => {
    const date = day.format('YYYY-MM-DD');
    return events.filter((e) => {
      const first = zonedDay(Date.parse(e.startsAt), zone);
      const last = zonedDay(Date.parse(e.endsAt) - 6 * 3_600_000, zone);
      return date >= first && date <= (last < first ? first : last);
    });
  };

  return (
    <PagePanel title={t('pages.club_event_management')} intro={t('events.intro', { venue: venue.name })}>
      {!timeZone && <Alert type="warning" showIcon message={t('events.zoneUnread')} className="events-alert" />}
      {query.error && <Alert type="error" showIcon message={errorText(t, query.error)} className="events-alert" />}
      <Flex justify="flex-end" className="events-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={!timeZone}>
          {t('events.add')}
        </Button>
      </Flex>
      <VenueCalendar
        className="events-calendar"
        value={selected}
        onPanelChange={move}
        onSelect={move}
        fullscreen={false}
        headerRender={(header) => <CalendarHeader {...header} />}
        cellRender={(day, info) => {
          if (info.type !== 'date') return info.originNode;
          return onDay(day).map((e) => (
            <div
              key={e.id}
              title={e.name}
              aria-label={e.name}
              className={e.status === 'cancelled' ? 'events-day-item events-day-item--cancelled' : 'events-day-item'}
            >
              <Badge status={e.status === 'cancelled' ? 'default' : 'processing'} /> {e.name}
            </div>
          ));
        }}
      />
      <Table<EventSummary>
        rowKey="id"
        className="events-list"
        loading={query.isFetching}
        dataSource={events}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('events.empty') }}
        columns={[
          {
            title: t('events.fields.name'),
            dataIndex: 'name',
            render: (name: string, e) => <Link to={detailsRoute(e.venueId, e.id)}>{name}</Link>,
          },
          {
            title: t('events.fields.startsAt'),
            dataIndex: 'startsAt',
            render: (v: string) => clock.dateTime(v),
          },
          {
            title: t('events.fields.endsAt'),
            dataIndex: 'endsAt',
            render: (v: string) => clock.dateTime(v),
          },
          {
            title: t('events.fields.status'),
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'cancelled' ? 'default' : 'green'}>{t(`events.status.${s}`)}</Tag>,
          },
        ]}
      />
      <section aria-labelledby="events-upcoming" className="events-upcoming">
        <h2 id="events-upcoming">{t('events.upcoming')}</h2>
        {next.length === 0 ? (
          <p>{upcoming.query.isSuccess ? t('events.noUpcoming') : null}</p>
        ) : (
          <ul>
            {next.map((e) => (
              <li key={e.id}>
                <Link to={detailsRoute(e.venueId, e.id)}>{e.name}</Link> · {clock.dateTime(e.startsAt)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <AddEventDialog
        open={adding}
        venueId={venue.id}
        timeZone={timeZone}
        onClose={() => setAdding(false)}
        onSubmit={async (values) => {
          const made = await send({ url: EVENTS_API.add, method: 'post', values });
          setAdding(false);
          showToast({ kind: 'message', type: 'success', content: t('events.created') });
          await invalidate({ resource: EVENTS, invalidates: ['list'] });
          navigate(detailsRoute(made.venueId, made.id));
        }}
      />
    </PagePanel>
  );
}
