import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '../../domain/notifications';
import { notificationText } from '../../providers/i18n/notice-text';
import type { NotificationText } from './use-notification-texts';
import { useClock } from '../../ui/venue/use-clock';
import type { NotificationAction } from './action-toasts';
import './notifications.css';

/**
 * One notification in full, with Archive and Mark as read: the bell's detail pane and the
 * Notifications Center's drawer show the same thing. `showTitle` is off where the container
 * already shows the title (the drawer's header).
 */
export function NotificationDetail({
  item,
  busy,
  onAction,
  text,
  showTitle = true,
}: {
  item: NotificationItem;
  /** Its title and message as the screen shows them, when the container has written them already. */
  text?: NotificationText;
  /** The action under way, if any (while one runs, neither button can be pressed). */
  busy: string | null;
  onAction: (kind: NotificationAction) => void;
  showTitle?: boolean;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const { token } = theme.useToken();
  const { title, message } = text ?? notificationText(t, item);
  return (
    <>
      {showTitle && <h3 className="notification-detail-title">{title}</h3>}
      <time
        dateTime={item.notificationDate}
        className="notification-detail-date"
        style={{ color: token.colorTextSecondary }}
      >
        {clock.dateTime(item.notificationDate)}
      </time>
      <p className="notification-detail-message">{message}</p>
      <Flex gap={token.marginXS} justify="flex-end" wrap>
        <Button
          loading={busy === 'archive'}
          disabled={busy !== null || item.status === 'archived'}
          onClick={() => onAction('archive')}
        >
          {t('notifications.archive')}
        </Button>
        <Button
          type="primary"
          loading={busy === 'read'}
          disabled={busy !== null || item.status !== 'unread'}
          onClick={() => onAction('read')}
        >
          {t('notifications.markAsRead')}
        </Button>
      </Flex>
    </>
  );
}
