import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { useCustomMutation, useInvalidate, useList, type HttpError } from '@refinedev/core';
import { Alert, Button, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEBHOOKS_API } from '../../domain/webhooks/api';
import type { WebhookEndpointInput } from '../../domain/webhooks/schemas';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { formatDate } from '../../ui/format';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { EndpointDialog } from './EndpointDialog';
import { ENDPOINTS, eventLabel, type WebhookEndpoint } from './webhooks-api';

const PER_PAGE = 10;

/** settings/webhooks (club owners): the business's endpoints, and adding one. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.settings_webhooks'));
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const { result, query } = useList<WebhookEndpoint>({
    resource: ENDPOINTS,
    meta: { path: WEBHOOKS_API.endpoints },
    pagination: { currentPage: page, pageSize: PER_PAGE, mode: 'server' },
    queryOptions: { placeholderData: keepPreviousData },
    errorNotification: false,
  });
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

  return (
    <PagePanel title={t('pages.settings_webhooks')} intro={t('webhooks.intro')}>
      {query.error && <Alert type="error" showIcon message={errorText(t, query.error)} style={{ marginBottom: 16 }} />}
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'flex-end' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('webhooks.add')}
        </Button>
      </Space>
      <Table<WebhookEndpoint>
        rowKey="id"
        loading={query.isFetching}
        dataSource={result.data}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('webhooks.empty') }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: result.total ?? result.data.length,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('webhooks.fields.url'),
            dataIndex: 'url',
            render: (url: string, row) => (
              <div>
                <Link to={`/settings/webhooks/${row.id}`} style={{ overflowWrap: 'anywhere' }}>
                  {url}
                </Link>
                {row.description && <div style={{ opacity: 0.7 }}>{row.description}</div>}
              </div>
            ),
          },
          {
            title: t('webhooks.fields.events'),
            dataIndex: 'events',
            render: (events: string[]) => (
              <Space size={[4, 4]} wrap>
                {events.map((e) => (
                  <Tag key={e}>{eventLabel(t, e)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('webhooks.fields.active'),
            dataIndex: 'active',
            render: (on: boolean) => (
              <Tag color={on ? 'green' : 'default'}>{t(on ? 'webhooks.on' : 'webhooks.off')}</Tag>
            ),
          },
          { title: t('webhooks.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
        ]}
      />
      {adding && <EndpointDialog open onClose={() => setAdding(false)} onSave={create} />}
    </PagePanel>
  );
}
