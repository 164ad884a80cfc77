import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { isLocked } from '../../../domain/resources/record-rules';
import { COMMENT_MAX, commentInput } from '../../../domain/service-tickets/service-tickets';
import { errorText } from '../../../providers/i18n/translate-message';
import { useClock } from '../../../ui/venue/use-clock';
import { FormError } from '../../../ui/forms/FormError';
import { useSaveForm } from '../../../ui/forms/use-save-form';
import type { RecordRow } from '../../engine/FieldValue';
import { NotesSection } from './NotesSection';
import { notesUrl, useRefreshTicket, useTicketNotes, type TicketComment } from './use-ticket-notes';

/** The ticket's comments (who, when, what), oldest first, and a box to add one while it is open. */
export function TicketComments({ resource, record }: { resource: ResourceDeclaration; record: RecordRow }) {
  const { t } = useTranslation();
  const clock = useClock();
  const { items, error } = useTicketNotes(record.id, 'comments', record.updatedAt);
  const refresh = useRefreshTicket(resource.name, record.id);
  const { mutateAsync } = useCustomMutation<TicketComment, HttpError, { text: string }>();
  const closed = isLocked(resource, record);
  const save = useSaveForm<typeof commentInput, { text: string }>({
    schema: commentInput,
    initialValues: { text: '' },
    save: (values) =>
      mutateAsync({
        url: notesUrl(record.id, 'comments'),
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      }),
    success: t('serviceTickets.comments.added'),
    resetAfterSave: true,
    onSaved: () => void refresh(),
  });

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
                  at: clock.dateTime(c.at),
                })}
                // A long link or code pasted whole wraps inside the card instead of widening the page.
                description={<span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{c.text}</span>}
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
        <Form {...save.formProps} noValidate style={{ marginTop: 12 }}>
          <FormError message={save.formError} />
          <Form.Item name="text" label={t('serviceTickets.comments.label')} rules={save.rules('text')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={COMMENT_MAX} />
          </Form.Item>
          <Flex>
            <Button type="primary" htmlType="submit" loading={save.saving}>
              {t('serviceTickets.comments.add')}
            </Button>
          </Flex>
        </Form>
      )}
    </NotesSection>
  );
}
