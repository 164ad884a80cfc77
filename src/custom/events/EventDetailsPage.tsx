import { Link, useParams } from 'react-router';
import { useCustomMutation, useInvalidate, useList, useOne, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Descriptions, Space, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVENTS_API } from '../../domain/events/events';
import type { EventTicketTypeView } from '../../domain/events/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { formatUsd } from '../../domain/money';
import { formatPassCode } from '../../domain/reservations/pass-code';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { editRoute, eventPath, EVENTS, ticketsPath, type EventDetails, type EventTicketView } from './events-api';
import { IssueTicketForm } from './IssueTicketForm';
import { useClock } from '../../ui/venue/use-clock';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './events.css';

/**
 * club_event_management/:clubID/event_details/:eventID: the event, per ticket type its
 * quantity, tickets issued and admitted at the door; issue a ticket; cancel the event.
 */
export default function EventDetailsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.club_event_management_id_event_details_id'));
  const { eventID = '' } = useParams();
  const invalidate = useInvalidate();
  const clock = useClock();
  const { result: event, query } = useOne<EventDetails>({
    resource: EVENTS,
    id: eventID,
    meta: { path: EVENTS_API.list },
    liveMode: 'auto',
    errorNotification: false,
  });
  const { result: tickets, query: ticketQuery } = useList<EventTicketView>({
    resource: EVENTS,
    meta: { path: ticketsPath(eventID) },
    pagination: { mode: 'off' },
    liveMode: 'auto',
    errorNotification: false,
  });
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, unknown>();
  const reload = () => invalidate({ resource: EVENTS, invalidates: ['all'] });
  const typeName = new Map((event?.ticketTypes ?? []).map((x) => [x.id, x.name]));

  const cancel = async () => {
    try {
      await mutateAsync({
        url: eventPath(eventID),
        method: 'delete',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      showToast({ kind: 'message', type: 'success', content: t('events.cancelledToast') });
    } catch (error) {
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
    }
    await reload();
  };

  const title = t('pages.club_event_management_id_event_details_id');
  if (query.error) {
    return (
      <PagePanel title={title}>
        <Alert type="error" showIcon message={errorText(t, query.error)} />
      </PagePanel>
    );
  }
  if (!event) {
    return (
      <PagePanel title={title}>
        <Spin />
      </PagePanel>
    );
  }
  const cancelled = event.status === 'cancelled';
  return (
    <PagePanel title={event.name} intro={event.description || undefined}>
      <Space wrap className="events-actions">
        <Tag color={cancelled ? 'default' : 'green'}>{t(`events.status.${event.status}`)}</Tag>
        <Link to="/club_event_management">{t('events.backToList')}</Link>
        {!cancelled && (
          <>
            <Link to={editRoute(event.id)}>{t('events.edit')}</Link>
            <SteadyPopconfirm title={t('events.cancelConfirm')} onConfirm={cancel} okText={t('events.cancelEvent')}>
              <Button danger size="small">
                {t('events.cancelEvent')}
              </Button>
            </SteadyPopconfirm>
          </>
        )}
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="events-facts">
        <Descriptions.Item label={t('events.fields.venue')}>{event.venueName}</Descriptions.Item>
        <Descriptions.Item label={t('events.fields.startsAt')}>{clock.dateTime(event.startsAt)}</Descriptions.Item>
        <Descriptions.Item label={t('events.fields.endsAt')}>{clock.dateTime(event.endsAt)}</Descriptions.Item>
      </Descriptions>
      <Table<EventTicketTypeView>
        rowKey="id"
        className="events-wrap-cells"
        size="small"
        pagination={false}
        dataSource={event.ticketTypes}
        scroll={{ x: 520 }}
        columns={[
          { title: t('events.fields.typeName'), dataIndex: 'name' },
          { title: t('events.fields.price'), dataIndex: 'priceCents', render: (v: number) => formatUsd(v) },
          { title: t('events.fields.quantity'), dataIndex: 'quantity' },
          { title: t('events.fields.sold'), dataIndex: 'sold' },
          { title: t('events.fields.admitted'), dataIndex: 'admitted' },
        ]}
      />
      {!cancelled && (
        <>
          <h2 className="events-section-title">{t('events.issueTitle')}</h2>
          <IssueTicketForm
            types={event.ticketTypes}
            onIssue={async (values) => {
              await mutateAsync({
                url: ticketsPath(event.id),
                method: 'post',
                values,
                successNotification: false,
                errorNotification: false,
              });
              showToast({ kind: 'message', type: 'success', content: t('events.issued') });
              await reload();
            }}
          />
        </>
      )}
      <h2 className="events-section-title">{t('events.tickets')}</h2>
      <Table<EventTicketView>
        rowKey="id"
        className="events-wrap-cells"
        size="small"
        loading={ticketQuery.isFetching}
        dataSource={tickets.data}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('events.noTickets') }}
        columns={[
          { title: t('events.fields.guestName'), dataIndex: 'guestName' },
          { title: t('events.fields.guestEmail'), dataIndex: 'guestEmail' },
          { title: t('events.fields.ticketType'), dataIndex: 'ticketTypeId', render: (id: string) => typeName.get(id) },
          // The price it was issued at: a later change of its type's price is for new tickets only.
          { title: t('events.fields.ticketPrice'), dataIndex: 'priceCents', render: (v: number) => formatUsd(v) },
          {
            title: t('events.fields.code'),
            dataIndex: 'code',
            // Grouped as the guest's mail, ticket page and the door show it (pass-code.ts).
            render: (c: string) => <code>{formatPassCode(c)}</code>,
          },
          {
            title: t('events.fields.status'),
            dataIndex: 'status',
            render: (s: string) => (
              <Tag color={s === 'valid' ? 'green' : 'default'}>{t(`events.ticketStatus.${s}`)}</Tag>
            ),
          },
          {
            title: t('events.fields.issuedAt'),
            dataIndex: 'createdAt',
            render: (v: string) => clock.dateTime(v),
          },
        ]}
      />
    </PagePanel>
  );
}
