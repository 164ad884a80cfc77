import { forwardRef } from 'react';
import { Button, type ButtonProps } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The header's bell button: the same before its popover chunk loads and after (with a count). */
export const BellButton = forwardRef<HTMLButtonElement, ButtonProps>(function BellButton(props, ref) {
  const { t } = useTranslation();
  return (
    <Button
      ref={ref}
      type="text"
      shape="circle"
      size="large"
      aria-label={t('notifications.title')}
      icon={<BellOutlined aria-hidden />}
      {...props}
    />
  );
});
