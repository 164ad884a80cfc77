import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCustomMutation, useInvalidate, useOne, type HttpError } from '@refinedev/core';
import { Alert, Button, Descriptions, Input, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined, CopyOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEBHOOKS_API, webhooksPath } from '../../domain/webhooks/api';
import type { WebhookEndpointInput } from '../../domain/webhooks/schemas';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { DeliveryLog } from './DeliveryLog';
import { EndpointDialog } from './EndpointDialog';
import {
  DELIVERIES,
  deliveryError,
  ENDPOINTS,
  eventLabel,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhooks-api';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './webhooks.css';

type Change = { url: string; method: 'post' | 'put' | 'delete'; values?: object };

/**
 * settings/webhooks/:webhookId (club owners): the endpoint, its signing secret (copy, rotate)
 * and how to check it, send test, edit, delete, and the delivery log.
 */
export default function WebhookDetailsPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('pages.settings_webhooks_id'));
  const webhookId = useParams().webhookId ?? '';
  const navigate = useNavigate();
  const { result: endpoint, query } = useOne<WebhookEndpoint>({
    resource: ENDPOINTS,
    id: webhookId,
    meta: { path: WEBHOOKS_API.endpoints },
    errorNotification: false,
  });
  const { mutateAsync } = useCustomMutation<WebhookDelivery | WebhookEndpoint, HttpError, object>();
  const invalidate = useInvalidate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [showSecret, setShowSecret] = useState(false);
  const path = (p: string) => webhooksPath(p, { webhookId });

  const send = async <T,>(key: string, change: Change): Promise<T | null> => {
    setFailure(null);
    setBusy(key);
    try {
      const { data } = await mutateAsync({
        ...change,
        values: change.values ?? {},
        successNotification: false,
        errorNotification: false,
      });
      return data as T;
    } catch (error) {
      setFailure(errorText(t, error));
      return null;
    } finally {
      setBusy(null);
    }
  };
  const reload = () =>
    Promise.all([
      invalidate({ resource: ENDPOINTS, invalidates: ['list', 'detail'], id: webhookId }),
      invalidate({ resource: DELIVERIES, invalidates: ['list'] }),
    ]);

  const sendTest = async () => {
    const delivery = await send<WebhookDelivery>('test', { url: path(WEBHOOKS_API.test), method: 'post' });
    if (!delivery) return;
    if (delivery.status === 'succeeded')
      showToast({
        kind: 'message',
        type: 'success',
        content: t('webhooks.test.succeeded', { status: delivery.lastStatusCode }),
      });
    else
      showToast({
        kind: 'message',
        type: 'error',
        content: t('webhooks.test.failed', { error: deliveryError(t, delivery.lastError) }),
      });
    await reload();
  };

  if (query.isLoading) return <Spin />;
  if (!endpoint)
    return (
      <PagePanel title={t('pages.settings_webhooks_id')}>
        <Alert type="error" showIcon message={errorText(t, query.error)} />
        <Link to="/settings/webhooks">{t('webhooks.back')}</Link>
      </PagePanel>
    );

  const secret = endpoint.secret ?? '';
  return (
    <PagePanel title={t('pages.settings_webhooks_id')}>
      <Link to="/settings/webhooks">
        <ArrowLeftOutlined /> {t('webhooks.back')}
      </Link>
      {failure && (
        <Alert
          type="error"
          showIcon
          closable
          message={failure}
          onClose={() => setFailure(null)}
          className="webhooks-failure"
        />
      )}
      <Descriptions column={1} bordered size="small" className="webhooks-gap">
        <Descriptions.Item label={t('webhooks.fields.url')}>
          <span className="webhooks-wrap">{endpoint.url}</span>
        </Descriptions.Item>
        {/* Not `description && …`: an empty description is '', which Descriptions drew as a blank row. */}
        {endpoint.description ? (
          <Descriptions.Item label={t('webhooks.fields.description')}>{endpoint.description}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('webhooks.fields.events')}>
          <Space size={[4, 4]} wrap>
            {endpoint.events.map((e) => (
              <Tag key={e}>{eventLabel(t, e)}</Tag>
            ))}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('webhooks.fields.active')}>
          <Tag color={endpoint.active ? 'green' : 'default'}>{t(endpoint.active ? 'webhooks.on' : 'webhooks.off')}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('webhooks.fields.createdAt')}>{clock.date(endpoint.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('webhooks.secret.title')}>
          <Space wrap>
            <Input
              readOnly
              aria-label={t('webhooks.secret.title')}
              value={showSecret ? secret : `whsec_${'•'.repeat(12)}`}
              className="webhooks-secret"
            />
            <Button onClick={() => setShowSecret((s) => !s)}>
              {t(showSecret ? 'webhooks.secret.hide' : 'webhooks.secret.show')}
            </Button>
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                void navigator.clipboard
                  .writeText(secret)
                  .then(() => showToast({ kind: 'message', type: 'success', content: t('webhooks.secret.copied') }))
              }
            >
              {t('webhooks.secret.copy')}
            </Button>
            <SteadyPopconfirm
              title={t('webhooks.secret.rotateTitle')}
              description={t('webhooks.secret.rotateWarning')}
              okText={t('webhooks.secret.rotate')}
              cancelText={t('resourceEngine.cancel')}
              onConfirm={async () => {
                if (await send('rotate', { url: path(WEBHOOKS_API.rotateSecret), method: 'post' })) {
                  showToast({ kind: 'message', type: 'success', content: t('webhooks.secret.rotated') });
                  setShowSecret(true);
                  await reload();
                }
              }}
            >
              <Button loading={busy === 'rotate'}>{t('webhooks.secret.rotate')}</Button>
            </SteadyPopconfirm>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type="info"
        showIcon
        message={t('webhooks.signing.title')}
        description={t('webhooks.signing.text')}
        className="webhooks-gap"
      />
      <Space wrap className="webhooks-gap">
        <Button type="primary" icon={<SendOutlined />} loading={busy === 'test'} onClick={() => void sendTest()}>
          {t('webhooks.test.send')}
        </Button>
        <Button onClick={() => setEditing(true)}>{t('webhooks.edit')}</Button>
        <SteadyPopconfirm
          title={t('webhooks.deleteTitle')}
          description={t('webhooks.deleteWarning')}
          okText={t('webhooks.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('resourceEngine.cancel')}
          onConfirm={async () => {
            if (await send('delete', { url: path(WEBHOOKS_API.endpoint), method: 'delete' })) {
              showToast({ kind: 'message', type: 'success', content: t('webhooks.deleted') });
              await invalidate({ resource: ENDPOINTS, invalidates: ['list'] });
              void navigate('/settings/webhooks');
            }
          }}
        >
          <Button danger loading={busy === 'delete'}>
            {t('webhooks.delete')}
          </Button>
        </SteadyPopconfirm>
      </Space>
      <DeliveryLog webhookId={webhookId} />
      {editing && (
        <EndpointDialog
          open
          initial={{
            url: endpoint.url,
            description: endpoint.description,
            events: endpoint.events,
            active: endpoint.active,
          }}
          onClose={() => setEditing(false)}
          onSave={async (values: WebhookEndpointInput) => {
            await mutateAsync({
              url: path(WEBHOOKS_API.endpoint),
              method: 'put',
              values,
              successNotification: false,
              errorNotification: false,
            });
            showToast({ kind: 'message', type: 'success', content: t('webhooks.saved') });
            await reload();
          }}
        />
      )}
    </PagePanel>
  );
}
