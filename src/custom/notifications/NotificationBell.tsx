import { useEffect } from 'react';
import { onIntent } from '../../ui/on-intent';
import { refreshLatest, resetLatest, useLatestNotifications } from '../../providers/live/latest-store';
import { BellButton } from './BellButton';
import './notifications.css';

/**
 * The bell's popover, list and actions are their own chunk, fetched on the first pointer over the
 * bell, focus on it or press (src/ui/on-intent.tsx); a press before it arrives opens it when it
 * does (a click right after a page load used to do nothing).
 */
const BellPopover = onIntent<{ withCenter: boolean }>(() => import('./BellPopover'));

/**
 * The bell's place in the header (venue owners and users, product brief section 2; IT, without the
 * way to the Notifications Center: NOTIFICATION_BELL_ROLES), with the unread count from the first
 * paint: the count is read from the shared store (latest-store.ts), not from the popover's chunk,
 * and drawn as antd's small Badge draws it (notifications.css). The count is read again when the
 * tab is shown again: what another tab or device marked read or archived sends no live message,
 * and the badge of a tab left open behind kept the old count until a reload.
 */
export function NotificationBell({ withCenter = true }: { withCenter?: boolean }) {
  const { count } = useLatestNotifications();
  useEffect(() => {
    void refreshLatest();
    const onShown = () => {
      if (document.visibilityState === 'visible') void refreshLatest();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      document.removeEventListener('visibilitychange', onShown);
      resetLatest();
    };
  }, []);
  return (
    <span className="bell">
      <BellPopover withCenter={withCenter}>
        <BellButton />
      </BellPopover>
      {count > 0 && (
        <sup className={count > 9 ? 'bell-count bell-count--wide' : 'bell-count'} title={String(count)}>
          {count > 99 ? '99+' : count}
        </sup>
      )}
    </span>
  );
}
