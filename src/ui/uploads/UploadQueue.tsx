import { Button, Flex, List, Progress, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './uploads.css';

/** One file on its way up (the gallery's photos, the file manager's files). */
export interface QueuedUpload {
  key: string;
  name: string;
  /** 0–1 */
  progress: number;
  error: string | null;
  cancel: () => void;
}

/** The files on their way up: a bar each, and a button to cancel (or dismiss a refusal). */
export function UploadQueue({ items, onDismiss }: { items: QueuedUpload[]; onDismiss: (key: string) => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <List
      size="small"
      bordered
      className="upload-queue"
      aria-label={t('uploads.list')}
      dataSource={items}
      renderItem={(item) => (
        <List.Item
          actions={[
            <Button
              key="cancel"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t(item.error ? 'uploads.dismiss' : 'uploads.cancel', { name: item.name })}
              onClick={() => (item.error ? onDismiss(item.key) : item.cancel())}
            />,
          ]}
        >
          <Flex vertical className="upload-queue-item">
            <Typography.Text ellipsis className="upload-queue-name">
              {item.name}
            </Typography.Text>
            {item.error ? (
              <Typography.Text type="danger">{item.error}</Typography.Text>
            ) : (
              <Progress
                percent={Math.round(item.progress * 100)}
                size="small"
                aria-label={t('uploads.progressOf', { name: item.name })}
              />
            )}
          </Flex>
        </List.Item>
      )}
    />
  );
}
