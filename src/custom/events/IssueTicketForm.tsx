import { Button, Flex, Form, Input } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { issueTicketSchema } from '../../domain/events/events';
import type { EventTicketTypeView } from '../../domain/events/wire';
import { formatUsd } from '../../domain/money';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import './events.css';

interface Values {
  ticketTypeId?: string;
  guestName: string;
  guestEmail: string;
}

/**
 * The type a new ticket starts with: the event's only type while it has seats left. With several
 * the person chooses (the field is required); a sold-out only type is not chosen for them.
 */
export function defaultTicketType(types: EventTicketTypeView[]): string | undefined {
  const [only] = types;
  return types.length === 1 && only && only.sold < only.quantity ? only.id : undefined;
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
  const save = useSaveForm({
    schema: issueTicketSchema,
    // Read again at each reset (after an issue): the only type may have sold out meanwhile.
    initialValues: { guestName: '', guestEmail: '', ticketTypeId: defaultTicketType(types) },
    toInput: (values: Values) => ({ ...values, ticketTypeId: values.ticketTypeId ?? '' }),
    save: onIssue,
    resetAfterSave: true,
  });

  return (
    <Form {...save.formProps}>
      <FormError message={save.formError} />
      <Flex wrap gap={12} align="flex-end">
        <Form.Item
          name="guestName"
          label={t('events.fields.guestName')}
          className="events-issue-field"
          rules={save.rules('guestName')}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="guestEmail"
          label={t('events.fields.guestEmail')}
          className="events-issue-field events-issue-field--email"
          rules={save.rules('guestEmail')}
        >
          <Input type="email" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="ticketTypeId"
          label={t('events.fields.ticketType')}
          className="events-issue-field"
          rules={save.rules('ticketTypeId')}
        >
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
          <Button type="primary" htmlType="submit" loading={save.saving}>
            {t('events.issue')}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}
