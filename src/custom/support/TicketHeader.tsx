import { Link } from 'react-router';
import { Space, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClock } from '../../ui/venue/use-clock';
import {
  categoryLabel,
  PRIORITY_COLORS,
  priorityLabel,
  STATUS_COLORS,
  statusLabel,
  type TicketDetail,
} from './support-api';

/**
 * A ticket's number and subject, its status, priority and category, and who opened it — for IT
 * with the opener's email, role and business.
 */
export function TicketHeader({ ticket, staff }: { ticket: TicketDetail; staff: boolean }) {
  const { t } = useTranslation();
  const clock = useClock();
  const { token } = theme.useToken();
  return (
    <>
      <h2 id="ticket-title" className="support-ticket-title">
        #{ticket.number} {ticket.subject}
      </h2>
      <Space size={[4, 4]} wrap className="support-ticket-tags">
        <Tag color={STATUS_COLORS[ticket.status]} data-testid="ticket-status">
          {statusLabel(t, ticket.status)}
        </Tag>
        <Tag color={PRIORITY_COLORS[ticket.priority]}>{priorityLabel(t, ticket.priority)}</Tag>
        <Tag>{categoryLabel(t, ticket.category)}</Tag>
      </Space>
      <p className="support-ticket-meta" style={{ color: token.colorTextSecondary }}>
        {staff ? (
          <>
            {t('supportDesk.openedByOn', { name: ticket.opener.name, date: clock.date(ticket.createdAt) })} ·{' '}
            {ticket.opener.email} · {t(`roles.${ticket.opener.role}`, { defaultValue: ticket.opener.role })}
            {ticket.business && (
              <>
                {' · '}
                <Link to={`/business_management?business=${ticket.business.id}`}>{ticket.business.name}</Link>
              </>
            )}
          </>
        ) : (
          t('supportDesk.openedOn', { date: clock.date(ticket.createdAt) })
        )}
      </p>
    </>
  );
}
