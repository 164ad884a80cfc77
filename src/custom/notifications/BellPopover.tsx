import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Flex, Popover, theme } from 'antd';
import { ArrowLeftOutlined, BellOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '../../domain/notifications';
import { formatTimeAgo } from '../../ui/format';
import { useOpenAtFirst, type IntentPopupProps } from '../../ui/on-intent';
import { refreshLatest, useLatestNotifications } from '../../providers/live/latest-store';
import { archive, markAsRead } from '../../providers/live/notifications-api';
import { canOfferPush, enablePush } from '../../providers/live/push';
import { showToast } from '../../providers/notification/toast-bus';
import { toastActionDone, toastActionFailed } from './action-toasts';
import { NotificationDetail } from './NotificationDetail';
import { useNotificationTexts, type NotificationText } from './use-notification-texts';
import './notifications.css';

function NotificationRow({
  item,
  text: { title, message },
  onOpen,
}: {
  item: NotificationItem;
  /** Its words as the list wrote them (useNotificationTexts). */
  text: NotificationText;
  onOpen: () => void;
}) {
  const { token } = theme.useToken();
  // The language the time is in: the row is drawn again when it changes.
  const { i18n } = useTranslation();
  const messageId = useId();
  return (
    <button type="button" className="notification-row" aria-label={title} aria-describedby={messageId} onClick={onOpen}>
      <span className="notification-row-head">
        <span className="notification-row-title">{title}</span>
        <time
          dateTime={item.notificationDate}
          className="notification-row-time"
          style={{ color: token.colorTextSecondary }}
        >
          {formatTimeAgo(item.notificationDate, i18n.language)}
        </time>
      </span>
      <span id={messageId} className="notification-row-message" style={{ color: token.colorTextSecondary }}>
        {message}
      </span>
    </button>
  );
}

/**
 * The bell's popover (product brief section 2), for venue owners and users: the newest unread
 * notifications, a detail pane with Mark as read and Archive, the way to the Notifications
 * Center, and the offer to turn on web push. Its own chunk, fetched on intent by NotificationBell,
 * which draws the bell (`children`) and its unread count.
 */
export default function BellPopover({
  openAtFirst,
  withCenter,
  children,
}: IntentPopupProps & {
  /** The "See all" way to the Notifications Center (not for IT, whose bell has none). */
  withCenter: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const latest = useLatestNotifications();
  // Each row's words, written once per list and language: the popover is drawn again on opening,
  // a pick, Back and a busy button, and the detail pane reads the picked row's words too.
  const textOf = useNotificationTexts(latest.notifications);
  // Open at once when the bell was pressed while this chunk was on its way (NotificationBell).
  const [open, setOpen] = useOpenAtFirst(openAtFirst);
  const [selected, setSelected] = useState<NotificationItem | null>(null);
  const [busy, setBusy] = useState<'read' | 'archive' | 'push' | null>(null);
  const [pushOffered, setPushOffered] = useState(canOfferPush);

  // Opened without a press seen by the popover (the bell was pressed before it arrived): the
  // list is brought up to date as an opening does.
  useEffect(() => {
    if (openAtFirst) void refreshLatest();
  }, [openAtFirst]);

  // Another page (a link, Back, Forward) closes the popover: it belongs to the page it opened on.
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
    setSelected(null);
  }

  const act = async (kind: 'read' | 'archive', item: NotificationItem) => {
    setBusy(kind);
    try {
      if (kind === 'read') await markAsRead(item.id);
      else await archive(item.id);
      toastActionDone(t, kind);
      setSelected(null);
      await refreshLatest();
    } catch (error) {
      toastActionFailed(t, error);
    } finally {
      setBusy(null);
    }
  };

  const turnOnPush = async () => {
    setBusy('push');
    try {
      const outcome = await enablePush();
      showToast({
        kind: 'message',
        type: outcome === 'enabled' ? 'success' : 'info',
        content: t(outcome === 'enabled' ? 'notifications.pushEnabled' : 'notifications.pushDenied'),
      });
    } catch (error) {
      console.warn('push: subscription failed', error);
      showToast({ kind: 'message', type: 'error', content: t('notifications.pushFailed') });
    } finally {
      setBusy(null);
      setPushOffered(canOfferPush());
    }
  };

  const detail = selected && (
    <section aria-label={t('notifications.detail')} className="notifications-panel">
      <Button
        type="text"
        size="small"
        icon={<ArrowLeftOutlined aria-hidden />}
        onClick={() => setSelected(null)}
        className="notifications-back"
      >
        {t('notifications.back')}
      </Button>
      <NotificationDetail
        item={selected}
        text={textOf(selected)}
        busy={busy}
        onAction={(kind) => void act(kind, selected)}
      />
    </section>
  );

  const empty = (
    <div className="notifications-empty">
      <InboxOutlined aria-hidden className="notifications-empty-icon" style={{ color: token.colorTextQuaternary }} />
      <p className="notifications-empty-title">{t('notifications.empty')}</p>
      <p className="notifications-empty-hint" style={{ color: token.colorTextSecondary }}>
        {t('notifications.emptyHint')}
      </p>
    </div>
  );

  const failed = latest.status === 'error' && latest.notifications.length === 0;
  const list = (
    <div className="notifications-panel">
      {failed ? (
        <div role="alert" className="notifications-failed">
          <p>{t('notifications.loadError')}</p>
          <Button size="small" onClick={() => void refreshLatest()}>
            {t('notifications.retry')}
          </Button>
        </div>
      ) : latest.notifications.length === 0 ? (
        empty
      ) : (
        <ul className="notifications-list">
          {latest.notifications.map((item) => (
            <li key={item.id} style={{ borderColor: token.colorBorderSecondary }}>
              <NotificationRow item={item} text={textOf(item)} onOpen={() => setSelected(item)} />
            </li>
          ))}
        </ul>
      )}
      {((withCenter && latest.count > 0) || pushOffered) && (
        <Flex vertical gap={token.marginXS} className="notifications-actions">
          {withCenter && latest.count > 0 && (
            <Button
              type="primary"
              block
              onClick={() => {
                setOpen(false);
                void navigate('/notifications');
              }}
            >
              {t('notifications.seeAll')}
            </Button>
          )}
          {pushOffered && (
            <Button
              block
              icon={<BellOutlined aria-hidden />}
              loading={busy === 'push'}
              onClick={() => void turnOnPush()}
            >
              {t('notifications.enablePush')}
            </Button>
          )}
        </Flex>
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      // On phones the bell is not at the screen's edge: slide the popover back on screen.
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refreshLatest();
        else setSelected(null);
      }}
      title={selected ? undefined : t('notifications.title')}
      content={detail || list}
    >
      {children}
    </Popover>
  );
}
