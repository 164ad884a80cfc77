import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button, Flex, Grid, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEBHOOKS_API } from '../../domain/webhooks/api';
import type { WebhookEndpointInput } from '../../domain/webhooks/schemas';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { useDocumentTitle } from '../../ui/use-document-title';
import { EndpointDialog } from './EndpointDialog';
import { ENDPOINTS, eventLabel, type WebhookEndpoint } from './webhooks-api';
import './webhooks.css';

const ENDPOINT_LIST = { resource: ENDPOINTS, path: WEBHOOKS_API.endpoints };

/** settings/webhooks (club owners): the business's endpoints, and adding one. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('pages.settings_webhooks'));
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const list = usePagedRows<WebhookEndpoint>(ENDPOINT_LIST);
  const { mutateAsync } = useCustomMutation<WebhookEndpoint, HttpError, WebhookEndpointInput>();
  const invalidate = useInvalidate();

  const create = async (values: WebhookEndpointInput) => {
    const { data } = await mutateAsync({
      url: WEBHOOKS_API.endpoints,
      method: 'post',
      values,
      successNotification: false,
      errorNotification: false,
    });
    showToast({ kind: 'message', type: 'success', content: t('webhooks.created') });
    await invalidate({ resource: ENDPOINTS, invalidates: ['list'] });
    // The new endpoint's page shows its secret.
    void navigate(`/settings/webhooks/${data.id}`);
  };

  // Under antd's sm breakpoint (576 px), as the columns' `responsive` below.
  const phone = !(Grid.useBreakpoint().sm ?? true);
  const eventTags = (events: string[]) => (
    <Space size={[4, 4]} wrap>
      {events.map((e) => (
        <Tag key={e}>{eventLabel(t, e)}</Tag>
      ))}
    </Space>
  );
  // On a phone the URL and whether it is on stay, as the generated lists keep their title and
  // state (ResourceList.tsx); the events come under the URL (stacked), the date from 768 px.
  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      title: t('webhooks.fields.url'),
      dataIndex: 'url',
      render: (url: string, row) => (
        <div className="webhooks-endpoint">
          <Link to={`/settings/webhooks/${row.id}`} className="webhooks-wrap">
            {url}
          </Link>
          {row.description && <div className="webhooks-muted">{row.description}</div>}
          {phone && <div className="webhooks-gap-sm">{eventTags(row.events)}</div>}
        </div>
      ),
    },
    { title: t('webhooks.fields.events'), dataIndex: 'events', responsive: ['sm'], render: eventTags },
    {
      title: t('webhooks.fields.active'),
      dataIndex: 'active',
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{t(on ? 'webhooks.on' : 'webhooks.off')}</Tag>,
    },
    {
      title: t('webhooks.fields.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (v: string) => clock.date(v),
    },
  ];

  return (
    <PagePanel title={t('pages.settings_webhooks')} intro={t('webhooks.intro')}>
      {list.error && <Alert type="error" showIcon message={errorText(t, list.error)} className="webhooks-alert" />}
      <Flex justify="flex-end" className="webhooks-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('webhooks.add')}
        </Button>
      </Flex>
      <PagedTable<WebhookEndpoint> columns={columns} emptyText={t('webhooks.empty')} {...list.table} />
      {adding && <EndpointDialog open onClose={() => setAdding(false)} onSave={create} />}
    </PagePanel>
  );
}
