import { Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { VENUE_EVENT_TYPES } from '../../domain/venue/webhook-events';
import { webhookEndpointSchema, type WebhookEndpointInput } from '../../domain/webhooks/schemas';
import { EnterSubmits } from '../../ui/forms/EnterSubmits';
import { FormError } from '../../ui/forms/FormError';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { eventLabel } from './webhooks-api';

// The form cannot know the server's WEBHOOKS_ALLOW_PRIVATE: it checks the rest and shows the server's verdict.
const schema = webhookEndpointSchema(true);
const BLANK: WebhookEndpointInput = { url: '', description: '', events: [...VENUE_EVENT_TYPES], active: true };

/** Adds or edits an endpoint; the shared schema checks it as the server does. */
export function EndpointDialog(props: {
  open: boolean;
  initial?: WebhookEndpointInput;
  onClose: () => void;
  onSave: (values: WebhookEndpointInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const save = useSaveForm<typeof schema, WebhookEndpointInput>({
    open: props.open,
    schema,
    initialValues: props.initial ?? BLANK,
    save: (data) => props.onSave(data),
    onSaved: () => close(),
  });

  const urlField = useFocusOnOpen(props.open);
  const close = () => {
    save.reset();
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      title={t(props.initial ? 'webhooks.editTitle' : 'webhooks.createTitle')}
      okText={t('webhooks.save')}
      cancelText={t('resourceEngine.cancel')}
      onOk={() => void save.submit()}
      onCancel={() => save.closeAsking(close)}
      confirmLoading={save.saving}
      destroyOnHidden
    >
      <FormError message={save.formError} />
      <Form {...save.formProps}>
        <Form.Item
          name="url"
          label={t('webhooks.fields.url')}
          htmlFor="webhook-url"
          rules={save.rules('url')}
          extra={t('webhooks.urlHint')}
        >
          <Input ref={urlField} id="webhook-url" type="url" autoComplete="off" placeholder="https://" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('webhooks.fields.description')}
          htmlFor="webhook-description"
          rules={save.rules('description')}
        >
          <Input id="webhook-description" />
        </Form.Item>
        <Form.Item name="events" label={t('webhooks.fields.events')} rules={save.rules('events')}>
          <Checkbox.Group options={VENUE_EVENT_TYPES.map((type) => ({ value: type, label: eventLabel(t, type) }))} />
        </Form.Item>
        <Form.Item name="active" label={t('webhooks.fields.active')} htmlFor="webhook-active" valuePropName="checked">
          <Switch id="webhook-active" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
