import { Button, List, Progress, Space, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QueuedUpload } from './use-uploads';

/** The files on their way up: a bar each, and a button to cancel (or dismiss a refusal). */
export function UploadQueue({ items, onDismiss }: { items: QueuedUpload[]; onDismiss: (key: string) => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <List
      size="small"
      bordered
      className="files-queue"
      aria-label={t('files.uploads')}
      dataSource={items}
      renderItem={(item) => (
        <List.Item
          actions={[
            <Button
              key="cancel"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t(item.error ? 'files.dismiss' : 'files.cancelUpload', { name: item.name })}
              onClick={() => (item.error ? onDismiss(item.key) : item.cancel())}
            />,
          ]}
        >
          <Space direction="vertical" className="files-full-width" size={0}>
            <Typography.Text ellipsis>{item.name}</Typography.Text>
            {item.error ? (
              <Typography.Text type="danger">{item.error}</Typography.Text>
            ) : (
              <Progress
                percent={Math.round(item.progress * 100)}
                size="small"
                aria-label={t('files.progressOf', { name: item.name })}
              />
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}
