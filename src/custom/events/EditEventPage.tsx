import { useParams, useNavigate } from 'react-router';
import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useBusinessTimeZone } from '../../ui/venue/use-business-time-zone';
import { EventForm } from './EventForm';
import { fromEvent } from './event-form-values';
import type { eventDetailsAnswer } from '../../domain/events/wire';
import { useApiQuery } from '../../providers/use-api';
import { detailsRoute, eventPath, EVENTS } from './events-api';

/** club_event_management/:eventID/edit_event: the event's fields and ticket types. */
export default function EditEventPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.club_event_management_id_edit_event'));
  const { eventID = '' } = useParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { data: event, query } = useApiQuery<typeof eventDetailsAnswer>({ url: eventPath(eventID) });
  const { timeZone } = useBusinessTimeZone();
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, unknown>();

  return (
    <PagePanel title={t('pages.club_event_management_id_edit_event')} intro={event?.name}>
      {query.error && <Alert type="error" showIcon message={errorText(t, query.error)} />}
      {(query.isLoading || !timeZone) && <Spin />}
      {event && event.status === 'cancelled' && <Alert type="warning" showIcon message={t('events.cancelledNotice')} />}
      {event && timeZone && event.status !== 'cancelled' && (
        <EventForm
          initial={fromEvent(event, timeZone)}
          venueId={event.venueId}
          timeZone={timeZone}
          creating={false}
          ticketsIssued={event.ticketTypes.reduce((n, type) => n + type.sold, 0)}
          submitLabel={t('events.save')}
          onSubmit={async (values) => {
            await mutateAsync({
              url: eventPath(event.id),
              method: 'put',
              values,
              successNotification: false,
              errorNotification: false,
            });
            showToast({ kind: 'message', type: 'success', content: t('events.saved') });
            await invalidate({ resource: EVENTS, invalidates: ['all'] });
            navigate(detailsRoute(event.venueId, event.id));
          }}
        />
      )}
    </PagePanel>
  );
}
