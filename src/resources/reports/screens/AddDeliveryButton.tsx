import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function AddDeliveryButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onClick}>
      {t('reports.deliveries.add')}
    </Button>
  );
}
