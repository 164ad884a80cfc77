import { useRef, useState } from 'react';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, List, Skeleton, Typography, theme } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { isLocked } from '../../../domain/resources/record-rules';
import { ATTACHMENT } from '../../../domain/service-tickets/service-tickets';
import { fieldMessage, http } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
import { useClock } from '../../../ui/venue/use-clock';
import { saveBlob } from '../../engine/api';
import type { RecordRow } from '../../engine/FieldValue';
import { toastError, toastSuccess } from '../../engine/errors';
import { NotesSection } from './NotesSection';
import { notesUrl, useRefreshTicket, useTicketNotes, type TicketAttachment } from './use-ticket-notes';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The ticket's files: listed with who added them and when, downloaded with the session (the
 * file route needs the bearer token), and one more attached while the ticket is open. The size
 * is checked here with the server's limit; the server decides the type by the bytes.
 */
export function TicketAttachments({ resource, record }: { resource: ResourceDeclaration; record: RecordRow }) {
  const { t } = useTranslation();
  const clock = useClock();
  const { token } = theme.useToken();
  const { items, error } = useTicketNotes(record.id, 'attachments', record.updatedAt);
  const refresh = useRefreshTicket(resource.name, record.id);
  const { mutateAsync, mutation } = useCustomMutation<TicketAttachment, HttpError, FormData>();
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const closed = isLocked(resource, record);

  const send = async (file: File | undefined) => {
    setFailure(null);
    if (!file) return;
    if (file.size > ATTACHMENT.maxBytes) return setFailure(t('messages.attachmentTooLarge'));
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      await mutateAsync({
        url: notesUrl(record.id, 'attachments'),
        method: 'post',
        values: form,
        successNotification: false,
        errorNotification: false,
      });
      toastSuccess(t('serviceTickets.attachments.added'));
      await refresh();
    } catch (err) {
      const field = fieldMessage(err, 'file');
      setFailure(field ? translateMessage(t, field) : errorText(t, err));
    }
  };

  const download = async (a: TicketAttachment) => {
    try {
      const { data } = await http.get<Blob>(`${notesUrl(record.id, 'attachments')}/${a.id}`, { responseType: 'blob' });
      saveBlob(data, a.fileName);
    } catch (err) {
      toastError(t, err);
    }
  };

  return (
    <NotesSection id="ticket-attachments-title" title={t('serviceTickets.attachments.title')}>
      {error ? (
        <Alert type="error" showIcon message={errorText(t, error)} />
      ) : !items ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : items.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('serviceTickets.attachments.empty')}</Typography.Paragraph>
      ) : (
        <List
          dataSource={items}
          rowKey="id"
          renderItem={(a) => (
            <List.Item>
              <List.Item.Meta
                avatar={<PaperClipOutlined aria-hidden />}
                title={
                  <Button
                    type="link"
                    style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                    aria-label={t('serviceTickets.attachments.download', { name: a.fileName })}
                    onClick={() => void download(a)}
                  >
                    {a.fileName}
                  </Button>
                }
                description={[sizeText(a.size), a.uploadedByName, clock.dateTime(a.at)].filter(Boolean).join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
      {!closed && (
        <div style={{ marginTop: 12 }}>
          <Button
            icon={<UploadOutlined aria-hidden />}
            loading={mutation.isPending}
            onClick={() => input.current?.click()}
          >
            {t('serviceTickets.attachments.add')}
          </Button>
          <input
            ref={input}
            type="file"
            accept={ATTACHMENT.accept}
            aria-label={t('serviceTickets.attachments.add')}
            style={{ display: 'none' }}
            onChange={(e) => {
              void send(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <div
            role={failure ? 'alert' : undefined}
            style={{ color: failure ? token.colorError : token.colorTextSecondary, marginTop: token.marginXS }}
          >
            {failure ?? t('serviceTickets.attachments.hint')}
          </div>
        </div>
      )}
    </NotesSection>
  );
}
