import { useState } from 'react';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { isLocked } from '../../../domain/resources/record-rules';
import { COMMENT_MAX, commentInput } from '../../../domain/service-tickets/service-tickets';
import { isApiError } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
import { formatDateTime } from '../../../ui/format';
import type { RecordRow } from '../../engine/FieldValue';
import { toastSuccess } from '../../engine/errors';
import { NotesSection } from './NotesSection';
import { notesUrl, useRefreshTicket, useTicketNotes, type TicketComment } from './use-ticket-notes';

/** The ticket's comments (who, when, what), oldest first, and a box to add one while it is open. */
export function TicketComments({ resource, record }: { resource: ResourceDeclaration; record: RecordRow }) {
  const { t } = useTranslation();
  const { items, error } = useTicketNotes(record.id, 'comments', record.updatedAt);
  const refresh = useRefreshTicket(resource.name, record.id);
  const { mutateAsync, mutation } = useCustomMutation<TicketComment, HttpError, { text: string }>();
  const [form] = Form.useForm<{ text: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const closed = isLocked(resource, record);

  const send = async ({ text }: { text: string }) => {
    setFailure(null);
    const checked = z.safeParse(commentInput, { text: text ?? '' });
    if (!checked.success) {
      form.setFields([{ name: 'text', errors: [translateMessage(t, checked.error.issues[0]!.message)] }]);
      return;
    }
    try {
      await mutateAsync({
        url: notesUrl(record.id, 'comments'),
        method: 'post',
        values: checked.data,
        successNotification: false,
        errorNotification: false,
      });
      form.resetFields();
      toastSuccess(t('serviceTickets.comments.added'));
      await refresh();
    } catch (err) {
      const field = isApiError(err) ? err.errors.text : undefined;
      if (field)
        form.setFields([{ name: 'text', errors: [translateMessage(t, Array.isArray(field) ? field[0]! : field)] }]);
      else setFailure(errorText(t, err));
    }
  };

  return (
    <NotesSection id="ticket-comments-title" title={t('serviceTickets.comments.title')}>
      {error ? (
        <Alert type="error" showIcon message={errorText(t, error)} />
      ) : !items ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : items.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('serviceTickets.comments.empty')}</Typography.Paragraph>
      ) : (
        <List
          dataSource={items}
          rowKey="id"
          renderItem={(c) => (
            <List.Item>
              <List.Item.Meta
                title={t('serviceTickets.comments.by', {
                  name: c.authorName ?? t('serviceTickets.comments.formerUser'),
                  at: formatDateTime(c.at),
                })}
                description={<span style={{ whiteSpace: 'pre-line' }}>{c.text}</span>}
              />
            </List.Item>
          )}
        />
      )}
      {closed ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('serviceTickets.comments.closed')}
        </Typography.Paragraph>
      ) : (
        <Form form={form} layout="vertical" onFinish={send} noValidate style={{ marginTop: 12 }}>
          {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
          <Form.Item name="text" label={t('serviceTickets.comments.label')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={COMMENT_MAX} />
          </Form.Item>
          <Flex>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t('serviceTickets.comments.add')}
            </Button>
          </Flex>
        </Form>
      )}
    </NotesSection>
  );
}
