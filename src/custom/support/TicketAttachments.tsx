import { Button, Space, Upload } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT } from '../../domain/support/tickets';
import { errorText } from '../../providers/i18n/translate-message';
import { fileSize } from '../../ui/format';
import { downloadAttachment, type TicketDetail } from './support-api';

/** A ticket's files, each a download button, and (while open, under the limit) one to attach another. */
export function TicketAttachments({
  ticket,
  uploading,
  onAttach,
  onFailure,
}: {
  ticket: TicketDetail;
  uploading: boolean;
  onAttach: (file: File) => void;
  onFailure: (message: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('supportDesk.attachments')} className="support-gap-top">
      <Space size={[8, 8]} wrap>
        {ticket.attachments.map((file) => (
          <Button
            key={file.id}
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void downloadAttachment(ticket.id, file).catch((e: unknown) => onFailure(errorText(t, e)))}
          >
            {file.name} ({fileSize(file.size)})
          </Button>
        ))}
        {ticket.status !== 'closed' && ticket.attachments.length < ATTACHMENT.perTicket && (
          <Upload
            accept={ATTACHMENT.types.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              onAttach(file);
              return false;
            }}
          >
            <Button size="small" icon={<PaperClipOutlined />} loading={uploading}>
              {t('supportDesk.attach')}
            </Button>
          </Upload>
        )}
      </Space>
    </section>
  );
}
