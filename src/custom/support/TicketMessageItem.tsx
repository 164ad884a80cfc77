import { Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClock } from '../../ui/venue/use-clock';
import { eventText, type TicketMessage } from './support-api';

/**
 * One line of a ticket's conversation: an event (status changed, assigned…) centred, or a
 * message — the reader's own side on the right, an internal note on the warning colours.
 */
export function TicketMessageItem({ message: m, staff }: { message: TicketMessage; staff: boolean }) {
  const { t } = useTranslation();
  const clock = useClock();
  const { token } = theme.useToken();
  if (m.kind === 'event')
    return (
      <li className="support-event">
        <Typography.Text type="secondary" className="support-text">
          {eventText(t, m.event!)} · {m.author?.name ?? ''} · {clock.dateTime(m.createdAt)}
        </Typography.Text>
      </li>
    );
  const fromStaff = m.author?.staff ?? false;
  const note = m.kind === 'note';
  return (
    <li
      data-testid={note ? 'ticket-note' : 'ticket-reply'}
      className={
        fromStaff === staff ? 'support-message support-message-mine' : 'support-message support-message-theirs'
      }
      style={{
        borderColor: note
          ? token.colorWarningBorder
          : fromStaff
            ? token.colorPrimaryBorder
            : token.colorBorderSecondary,
        background: note ? token.colorWarningBg : fromStaff ? token.colorPrimaryBg : token.colorFillQuaternary,
      }}
    >
      <div className="support-message-head" style={{ color: token.colorTextSecondary }}>
        <strong style={{ color: token.colorText }}>{m.author?.name ?? t('supportDesk.formerUser')}</strong>
        {fromStaff && <Tag className="support-staff-tag">{t('supportDesk.itSupport')}</Tag>}
        {note && <Tag color="warning">{t('supportDesk.internalNote')}</Tag>} {clock.dateTime(m.createdAt)}
      </div>
      <div className="support-message-body">{m.body}</div>
    </li>
  );
}
