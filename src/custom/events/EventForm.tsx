import { useEffect } from 'react';
import { Button, Form, Input, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { eventSchema, eventTimesProblem } from '../../domain/events/events';
import { DateRangePicker } from '../../ui/forms/DateRangePicker';
import { DollarInput } from '../../ui/forms/DollarInput';
import { FormError } from '../../ui/forms/FormError';
import { NumberField } from '../../ui/forms/NumberField';
import { DATE_TIME_INPUT_FORMATS } from '../../ui/forms/typed-dates';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { formPath, toInput, type EventFormValues } from './event-form-values';
import './events.css';

interface Props {
  initial: EventFormValues;
  venueId: string;
  /** The business's zone: the picker shows and takes its wall clock. */
  timeZone: string;
  creating: boolean;
  /** Tickets already issued (editing): a new start is mailed to their guests, and the form says so. */
  ticketsIssued?: number;
  /** Sends the checked input; a refusal's field errors land on the fields. */
  onSubmit: (input: Record<string, unknown>) => Promise<void>;
  submitLabel: string;
  /** Told whether the form holds typed work not saved yet (a dialog asks before closing it). */
  onUnsavedChange?: (unsaved: boolean) => void;
  /** The name has the focus as the form appears (in a dialog: a keyboard user types at once). */
  focusName?: boolean;
}

/**
 * Add or edit an event: name, description, start and end, and its ticket types. Checked by the
 * shared schema before sending (same messages as the server), then by the server.
 */
export function EventForm({
  initial,
  venueId,
  timeZone,
  creating,
  ticketsIssued = 0,
  onSubmit,
  submitLabel,
  onUnsavedChange,
  focusName = false,
}: Props) {
  const { t } = useTranslation();
  const save = useSaveForm({
    schema: eventSchema,
    initialValues: initial,
    toInput: (values: EventFormValues) => toInput(values, venueId, timeZone),
    check: (data) => eventTimesProblem(data, Date.now(), creating),
    // The list's own rules (at least one type; a type as a whole) go above the form.
    nameOf: (path) => (/^ticketTypes(\.\d+)?$/.test(path) ? null : formPath(path)),
    save: onSubmit,
  });
  useEffect(() => onUnsavedChange?.(save.dirty), [onUnsavedChange, save.dirty]);
  const nameField = useFocusOnOpen(focusName);
  const typeField = (index: number, name: string) => ({
    name: [index, name],
    rules: save.rules(['ticketTypes', index, name]),
  });

  return (
    <Form {...save.formProps} className="events-form">
      <FormError message={save.formError} />
      <Form.Item name="name" label={t('events.fields.name')} rules={save.rules('name')}>
        <Input ref={nameField} maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('events.fields.description')} rules={save.rules('description')}>
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('events.fields.when')}
        extra={
          <>
            <div>{t('events.timeZoneNote', { zone: timeZone.replace(/_/g, ' ') })}</div>
            {ticketsIssued > 0 && <div>{t('events.ticketsIssuedNote', { count: ticketsIssued })}</div>}
          </>
        }
        rules={save.rules('range')}
      >
        <DateRangePicker
          // Its values are the venue's wall clock (event-form-values.ts): so are its today and Now.
          timeZone={timeZone}
          showTime={{ format: 'h:mm A', use12Hours: true, minuteStep: 5 }}
          format={DATE_TIME_INPUT_FORMATS}
          className="events-when"
          aria-label={t('events.fields.when')}
        />
      </Form.Item>
      <h3 className="events-types-title">{t('events.fields.ticketTypes')}</h3>
      {ticketsIssued > 0 && (
        // A ticket keeps the price it was issued at (server/modules/events, event_tickets.price_cents).
        <Typography.Paragraph type="secondary">{t('events.pricesKeptNote')}</Typography.Paragraph>
      )}
      <Form.List name="ticketTypes">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="start" wrap className="events-type">
                <Form.Item {...typeField(field.name, 'name')} label={t('events.fields.typeName')}>
                  <Input maxLength={100} className="events-type__name" />
                </Form.Item>
                <Form.Item {...typeField(field.name, 'price')} label={t('events.fields.price')}>
                  <DollarInput className="events-type__price" />
                </Form.Item>
                <Form.Item {...typeField(field.name, 'quantity')} label={t('events.fields.quantity')}>
                  <NumberField inputMode="numeric" className="events-type__quantity" />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('events.removeType')}
                  onClick={() => remove(field.name)}
                  className="events-type__remove"
                />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ name: '', price: '0', quantity: 100 })}>
              {t('events.addType')}
            </Button>
          </>
        )}
      </Form.List>
      <div className="events-submit">
        <Button type="primary" htmlType="submit" loading={save.saving}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
