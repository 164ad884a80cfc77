import { Button, List } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SteadyPopconfirm } from '../confirm/SteadyPopconfirm';
import './closures.css';

/**
 * One listed closure of a schedule screen (an availability exception, a venue's special date):
 * its dates, what they become, and a remove button that asks first. Removing one brings the
 * week's hours back on its days.
 */
export function ClosureItem({
  title,
  description,
  removeLabel,
  confirmTitle,
  confirmOk,
  onRemove,
}: {
  title: string;
  description: string;
  /** The remove button's accessible name, naming the dates. */
  removeLabel: string;
  confirmTitle: string;
  confirmOk: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <List.Item
      className="closure-item"
      actions={[
        <SteadyPopconfirm
          key="remove"
          title={confirmTitle}
          okText={confirmOk}
          cancelText={t('resourceEngine.cancel')}
          onConfirm={onRemove}
        >
          <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={removeLabel} />
        </SteadyPopconfirm>,
      ]}
    >
      <List.Item.Meta title={title} description={description} />
    </List.Item>
  );
}
