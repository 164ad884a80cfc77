import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { issueTicketSchema } from '../../domain/events/events';
import type { EventTicketTypeView } from '../../domain/events/wire';
import { fieldErrors } from '../../domain/schemas/common';
import { isApiError } from '../../providers/http';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { formatUsd } from '../../domain/money';
import './events.css';

interface Values {
  ticketTypeId?: string;
  guestName: string;
  guestEmail: string;
}

/** Issue a ticket to a guest: name, email and type; the server mails the guest the pass. */
export function IssueTicketForm({
  types,
  onIssue,
}: {
  types: EventTicketTypeView[];
  onIssue: (input: Record<string, unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const show = (errors: Record<string, string>) =>
    form.setFields(
      Object.entries(errors).map(([name, message]) => ({
        name: name as keyof Values,
        errors: [translateMessage(t, message)],
      })),
    );

  const submit = async () => {
    setFailure(null);
    const values = form.getFieldsValue(true) as Values;
    const parsed = issueTicketSchema.safeParse({ ...values, ticketTypeId: values.ticketTypeId ?? '' });
    if (!parsed.success) return show(fieldErrors(parsed.error));
    setSending(true);
    try {
      await onIssue(parsed.data);
      form.resetFields();
    } catch (error) {
      const errors = isApiError(error) ? (error.errors as Record<string, string>) : {};
      if (Object.keys(errors).length) show(errors);
      else setFailure(errorText(t, error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ guestName: '', guestEmail: '' }}>
      {failure && <Alert type="error" showIcon message={failure} className="events-alert events-alert--tight" />}
      <Flex wrap gap={12} align="flex-end">
        <Form.Item name="guestName" label={t('events.fields.guestName')} className="events-issue-field">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="guestEmail"
          label={t('events.fields.guestEmail')}
          className="events-issue-field events-issue-field--email"
        >
          <Input type="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="ticketTypeId" label={t('events.fields.ticketType')} className="events-issue-field">
          <Select
            aria-label={t('events.fields.ticketType')}
            options={types.map((type) => ({
              value: type.id,
              disabled: type.sold >= type.quantity,
              label: `${type.name} · ${formatUsd(type.priceCents)} · ${t('events.left', { count: type.quantity - type.sold })}`,
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={sending}>
            {t('events.issue')}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}
