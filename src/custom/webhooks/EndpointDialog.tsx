import { useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../domain/schemas/common';
import { VENUE_EVENT_TYPES } from '../../domain/venue/webhook-events';
import { webhookEndpointSchema, type WebhookEndpointInput } from '../../domain/webhooks/schemas';
import { isApiError } from '../../providers/http';
import { errorText, translateFieldErrors } from '../../providers/i18n/translate-message';
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
  const [values, setValues] = useState<WebhookEndpointInput>(props.initial ?? BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setErrors({});
    setFailure(null);
    props.onClose();
  };

  const submit = async () => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return setErrors(translateFieldErrors(t, fieldErrors(parsed.error)));
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await props.onSave(parsed.data);
      close();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length) {
        const byField = Object.fromEntries(
          Object.entries(error.errors).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] : v)]),
        );
        setErrors(translateFieldErrors(t, byField));
      } else setFailure(errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  const eventsError = Object.entries(errors).find(([k]) => k.startsWith('events'))?.[1];
  return (
    <Modal
      open={props.open}
      title={t(props.initial ? 'webhooks.editTitle' : 'webhooks.createTitle')}
      okText={t('webhooks.save')}
      cancelText={t('resourceEngine.cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={saving}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('webhooks.fields.url')}
          htmlFor="webhook-url"
          validateStatus={errors.url ? 'error' : undefined}
          help={errors.url ?? t('webhooks.urlHint')}
        >
          <Input
            id="webhook-url"
            type="url"
            autoComplete="off"
            placeholder="https://"
            value={values.url}
            onChange={(e) => {
              setValues((v) => ({ ...v, url: e.target.value }));
              // The server's verdict was about the previous address.
              setErrors(({ url: _stale, ...rest }) => rest);
            }}
          />
        </Form.Item>
        <Form.Item
          label={t('webhooks.fields.description')}
          htmlFor="webhook-description"
          validateStatus={errors.description ? 'error' : undefined}
          help={errors.description}
        >
          <Input
            id="webhook-description"
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          />
        </Form.Item>
        <Form.Item
          label={t('webhooks.fields.events')}
          validateStatus={eventsError ? 'error' : undefined}
          help={eventsError}
        >
          <Checkbox.Group
            value={values.events}
            onChange={(list) => setValues((v) => ({ ...v, events: list as WebhookEndpointInput['events'] }))}
            options={VENUE_EVENT_TYPES.map((type) => ({ value: type, label: eventLabel(t, type) }))}
          />
        </Form.Item>
        <Form.Item label={t('webhooks.fields.active')} htmlFor="webhook-active">
          <Switch
            id="webhook-active"
            checked={values.active}
            onChange={(active) => setValues((v) => ({ ...v, active }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
