import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The bell's popover, list and actions are their own chunk, fetched once the header shows it. */
const BellPopover = lazy(() => import('../notifications/BellPopover'));

/**
 * The bell's place in the header (venue owners and users, spec section 2). Until its chunk
 * arrives it is the same button without a count.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Button
          type="text"
          shape="circle"
          size="large"
          aria-label={t('notifications.title')}
          icon={<BellOutlined aria-hidden />}
        />
      }
    >
      <BellPopover />
    </Suspense>
  );
}
