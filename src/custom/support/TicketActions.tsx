import { Button, Space, theme } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '../../domain/support/tickets';
import { useClock } from '../../ui/venue/use-clock';
import { priorityLabel, statusLabel, SUPPORT_API, type Agent, type TicketDetail } from './support-api';

/** Sends one change of the ticket and says `done` when it went through. */
export type TicketCall = (
  path: string,
  method: 'post' | 'patch',
  values: object | FormData,
  done?: string,
) => Promise<boolean>;

/** IT's controls on a ticket: its status, priority and assignee, each saved as it changes. */
export function StaffControls({
  ticket,
  agents,
  busy,
  call,
}: {
  ticket: TicketDetail;
  agents?: Agent[];
  busy: boolean;
  call: TicketCall;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap className="support-gap-top">
      <Select<TicketStatus>
        aria-label={t('supportDesk.fields.status')}
        className="support-status-select"
        value={ticket.status}
        disabled={busy}
        onChange={(status) => void call(SUPPORT_API.status, 'patch', { status }, t('supportDesk.saved'))}
        options={TICKET_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
      />
      <Select<TicketPriority>
        aria-label={t('supportDesk.fields.priority')}
        className="support-priority-select"
        value={ticket.priority}
        disabled={busy}
        onChange={(priority) => void call(SUPPORT_API.priority, 'patch', { priority }, t('supportDesk.saved'))}
        options={TICKET_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(t, p) }))}
      />
      <Select<string>
        aria-label={t('supportDesk.fields.assignee')}
        className="support-assignee-select"
        value={ticket.assignee?.id ?? ''}
        disabled={busy}
        onChange={(id) => void call(SUPPORT_API.assignee, 'patch', { assigneeId: id || null }, t('supportDesk.saved'))}
        options={[
          { value: '', label: t('supportDesk.unassigned') },
          ...(agents ?? []).map((a) => ({ value: a.id, label: a.name })),
        ]}
      />
    </Space>
  );
}

/** The opener's actions: close an open ticket, reopen a closed one while the window lasts. */
export function OpenerActions({ ticket, busy, call }: { ticket: TicketDetail; busy: boolean; call: TicketCall }) {
  const clock = useClock();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const closed = ticket.status === 'closed';
  return (
    <Space wrap className="support-gap-top">
      {!closed && (
        <Button onClick={() => void call(SUPPORT_API.close, 'post', {}, t('supportDesk.closedDone'))} loading={busy}>
          {t('supportDesk.close')}
        </Button>
      )}
      {closed && ticket.canReopen && (
        <Button onClick={() => void call(SUPPORT_API.reopen, 'post', {}, t('supportDesk.reopened'))}>
          {t('supportDesk.reopen')}
        </Button>
      )}
      {closed && (
        <span style={{ color: token.colorTextSecondary }}>
          {ticket.canReopen
            ? t('supportDesk.reopenUntil', { date: clock.date(ticket.reopenUntil!) })
            : t('supportDesk.reopenExpired')}
        </span>
      )}
    </Space>
  );
}
