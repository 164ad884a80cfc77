import { Space, Tag, Typography } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DocumentView } from '../../domain/documents/documents';
import { documentMessage } from './document-messages';

const COLORS = { processing: 'processing', ready: 'success', failed: 'error' } as const;

/** processing / ready / failed, with a failed document's reason under it as the server words it. */
export function DocumentStatusTag({ document }: { document: DocumentView }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={2}>
      <Tag
        color={COLORS[document.status]}
        icon={document.status === 'processing' ? <LoadingOutlined /> : undefined}
        className="documents-status-tag"
      >
        {t(`documents.status.${document.status}`)}
      </Tag>
      {document.status === 'failed' && document.error && (
        <Typography.Text type="danger" className="documents-status-error">
          {documentMessage(t, document.error)}
        </Typography.Text>
      )}
    </Space>
  );
}
