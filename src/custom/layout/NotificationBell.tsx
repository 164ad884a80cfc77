import { Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '../../domain/constants';

/**
 * The bell's place in the header (venue owners and users). The live notification channel is
 * not built yet, so it says so instead of showing an empty or invented list.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('notifications.title')}
      content={
        // Narrower than the item width on phones, where the popover must stay on screen.
        <p style={{ margin: 0, maxWidth: `min(${LAYOUT.notificationItemWidth}px, calc(100vw - 48px))` }}>
          {t('notifications.notBuilt')}
        </p>
      }
    >
      <Button
        type="text"
        shape="circle"
        size="large"
        aria-label={t('notifications.title')}
        icon={<BellOutlined aria-hidden />}
      />
    </Popover>
  );
}
