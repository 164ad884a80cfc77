import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { eventSchema, eventTimesProblem } from '../../domain/events/events';
import { fieldErrors } from '../../domain/schemas/common';
import { DATE_TIME_FORMAT } from '../../domain/constants';
import { isApiError } from '../../providers/http';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { changedPaths, formPath, toInput, type EventFormValues } from './event-form-values';
import './events.css';

interface Props {
  initial: EventFormValues;
  venueId: string;
  /** The business's zone: the picker shows and takes its wall clock. */
  timeZone: string;
  creating: boolean;
  /** Sends the checked input; a refusal's field errors land on the fields. */
  onSubmit: (input: Record<string, unknown>) => Promise<void>;
  submitLabel: string;
}

/**
 * Add or edit an event: name, description, start and end, and its ticket types. Checked by the
 * shared schema before sending (same messages as the server), then by the server.
 */
export function EventForm({ initial, venueId, timeZone, creating, onSubmit, submitLabel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EventFormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const showErrors = (errors: Record<string, string>) => {
    const fields = Object.entries(errors).map(([path, message]) => ({
      name: path === 'ticketTypes' || path === '_' ? ['ticketTypesError'] : formPath(path),
      errors: [translateMessage(t, message)],
    }));
    form.setFields(fields.filter((f) => f.name[0] !== 'ticketTypesError') as Parameters<typeof form.setFields>[0]);
    const listError = errors.ticketTypes ?? errors._;
    setFailure(listError ? translateMessage(t, listError) : null);
  };

  const submit = async () => {
    const input = toInput(form.getFieldsValue(true) as EventFormValues, venueId, timeZone);
    const parsed = eventSchema.safeParse(input);
    const errors = parsed.success ? eventTimesProblem(parsed.data, Date.now(), creating) : fieldErrors(parsed.error);
    if (Object.keys(errors).length) return showErrors(errors);
    setSending(true);
    try {
      await onSubmit(parsed.data as unknown as Record<string, unknown>);
    } catch (error) {
      const errors = isApiError(error) ? (error.errors as Record<string, string>) : {};
      if (Object.keys(errors).length) showErrors(errors);
      else setFailure(errorText(t, error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      // A refusal's message leaves the field the user is now correcting (it spoke of the old value).
      onValuesChange={(changed: Partial<EventFormValues>) =>
        form.setFields(
          // The paths are built from the delta at run time; antd types names per form shape.
          changedPaths(changed).map((name) => ({ name, errors: [] })) as unknown as Parameters<
            typeof form.setFields
          >[0],
        )
      }
      className="events-form"
    >
      {failure && <Alert type="error" showIcon message={failure} className="events-alert" />}
      <Form.Item name="name" label={t('events.fields.name')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('events.fields.description')}>
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('events.fields.when')}
        extra={t('events.timeZoneNote', { zone: timeZone.replace(/_/g, ' ') })}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'h:mm A', use12Hours: true, minuteStep: 5 }}
          format={DATE_TIME_FORMAT}
          className="events-when"
          aria-label={t('events.fields.when')}
        />
      </Form.Item>
      <h3 className="events-types-title">{t('events.fields.ticketTypes')}</h3>
      <Form.List name="ticketTypes">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="start" wrap className="events-type">
                <Form.Item name={[field.name, 'name']} label={t('events.fields.typeName')}>
                  <Input maxLength={100} className="events-type__name" />
                </Form.Item>
                <Form.Item name={[field.name, 'price']} label={t('events.fields.price')}>
                  <InputNumber min={0} step={1} prefix="$" className="events-type__price" />
                </Form.Item>
                <Form.Item name={[field.name, 'quantity']} label={t('events.fields.quantity')}>
                  <InputNumber min={1} step={1} className="events-type__quantity" />
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
            <Button icon={<PlusOutlined />} onClick={() => add({ name: '', price: 0, quantity: 100 })}>
              {t('events.addType')}
            </Button>
          </>
        )}
      </Form.List>
      <div className="events-submit">
        <Button type="primary" htmlType="submit" loading={sending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
