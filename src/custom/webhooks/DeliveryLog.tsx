import { useState } from 'react';
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button, Grid, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBHOOKS_API, webhooksPath } from '../../domain/webhooks/api';
import type { DeliveryStatus } from '../../domain/webhooks/schemas';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { MomentCell } from '../../ui/tables/MomentCell';
import { useClock } from '../../ui/venue/use-clock';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { DELIVERIES, deliveryError, eventLabel, type WebhookDelivery } from './webhooks-api';

const COLORS: Record<DeliveryStatus, string> = {
  pending: 'gold',
  sending: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** An endpoint's deliveries, newest first; refreshed live as the worker records attempts. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation();
  const clock = useClock();
  // Under antd's sm breakpoint (576 px), as the columns' `responsive` below.
  const phone = !(Grid.useBreakpoint().sm ?? true);
  const [failure, setFailure] = useState<string | null>(null);
  const list = usePagedRows<WebhookDelivery>({
    resource: DELIVERIES,
    path: webhooksPath(WEBHOOKS_API.deliveries, { webhookId }),
  });
  const { mutateAsync } = useCustomMutation<WebhookDelivery, HttpError, object>();
  const invalidate = useInvalidate();
  // The deliveries being sent again: only their rows' Retry spins (the mutation's one pending
  // flag is the whole table's), and another row can be retried meanwhile.
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  const mark = (id: string, on: boolean) =>
    setRetrying((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const retry = async (delivery: WebhookDelivery) => {
    setFailure(null);
    mark(delivery.id, true);
    try {
      await mutateAsync({
        url: webhooksPath(WEBHOOKS_API.retry, { webhookId, deliveryId: delivery.id }),
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      showToast({ kind: 'message', type: 'success', content: t('webhooks.log.retried') });
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      mark(delivery.id, false);
    }
    await invalidate({ resource: DELIVERIES, invalidates: ['list'] });
  };

  // On a phone the moment, the status and Retry stay, as the generated lists keep their first
  // columns (ResourceList.tsx): the event and the error come under the status (stacked) until
  // their columns are back at 576 px, the figures at 768 px; the table no longer scrolls sideways.
  const columns: TableColumnsType<WebhookDelivery> = [
    {
      title: t('webhooks.log.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <MomentCell value={v} clock={clock} />,
    },
    {
      title: t('webhooks.log.event'),
      dataIndex: 'eventType',
      responsive: ['sm'],
      render: (v: string) => eventLabel(t, v),
    },
    {
      title: t('webhooks.log.status'),
      dataIndex: 'status',
      render: (s: DeliveryStatus, row) => (
        <div>
          <Tag color={COLORS[s]}>{t(`webhooks.status.${s}`)}</Tag>
          {row.nextAttemptAt && (
            <div className="webhooks-next-attempt">
              {t('webhooks.log.next', { when: clock.dateTime(row.nextAttemptAt) })}
            </div>
          )}
          {phone && <div>{eventLabel(t, row.eventType)}</div>}
          {phone && row.lastError && (
            <div className="webhooks-wrap webhooks-muted">{deliveryError(t, row.lastError)}</div>
          )}
        </div>
      ),
    },
    { title: t('webhooks.log.attempts'), dataIndex: 'attempts', responsive: ['md'] },
    {
      title: t('webhooks.log.code'),
      dataIndex: 'lastStatusCode',
      responsive: ['md'],
      render: (v: number | null) => v ?? '—',
    },
    {
      title: t('webhooks.log.time'),
      dataIndex: 'lastResponseMs',
      responsive: ['md'],
      render: (ms: number | null) => (ms === null ? '—' : t('webhooks.log.ms', { ms })),
    },
    {
      title: t('webhooks.log.error'),
      dataIndex: 'lastError',
      responsive: ['sm'],
      render: (v: string | null) => <span className="webhooks-wrap webhooks-log-error">{deliveryError(t, v)}</span>,
    },
    {
      title: t('webhooks.fields.actions'),
      key: 'actions',
      render: (_, row) =>
        row.status === 'sending' ? null : (
          <Button size="small" loading={retrying.has(row.id)} onClick={() => void retry(row)}>
            {t('webhooks.log.retry')}
          </Button>
        ),
    },
  ];

  return (
    <section aria-labelledby="delivery-log">
      <h2 id="delivery-log" className="webhooks-log-title">
        {t('webhooks.log.title')}
      </h2>
      {(failure || list.error) && (
        <Alert type="error" showIcon message={failure ?? errorText(t, list.error)} className="webhooks-alert" />
      )}
      <PagedTable<WebhookDelivery> columns={columns} emptyText={t('webhooks.log.empty')} {...list.table} />
    </section>
  );
}
