import { useCallback, useMemo } from 'react';
import { useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AccessLogEntry } from '../../domain/access-log';
import { API } from '../../domain/api-paths';
import { summarizeUserAgent } from '../../domain/user-agent';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { formatDateTime } from '../../ui/format';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './profile.css';

const ACCESS_LOG = { resource: 'accessLog', path: API.logs };

/** The browser and system a sign-in came from, in words ("Chrome on Linux"). */
function deviceLabel(t: TFunction, userAgent: string | null): string {
  if (!userAgent) return '';
  const { browser, os } = summarizeUserAgent(userAgent);
  if (browser && os) return t('accessLog.device', { browser, os });
  return browser ?? os ?? t('accessLog.unknownDevice');
}

/**
 * The signed-in user's access log (the product brief, section 7: GET and DELETE /api/User/logs):
 * every sign-in, failed sign-in, refresh, sign-out and password recovery, with time, IP and
 * device. A stranger's sign-in attempts show up here, so the user can tell.
 */
export function AccessLogSection() {
  const { t } = useTranslation();
  const { rows, page, error, setPage, reload, table } = usePagedRows<AccessLogEntry>(ACCESS_LOG);
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, undefined>();

  const remove = useCallback(
    async (entry: AccessLogEntry) => {
      try {
        await mutateAsync({
          url: `${API.logs}?${new URLSearchParams({ logId: entry.id })}`,
          method: 'delete',
          values: undefined,
          // The screen says what happened in its own words.
          successNotification: false,
          errorNotification: false,
        });
        showToast({ kind: 'message', type: 'success', content: t('accessLog.deleted'), key: 'access-log-deleted' });
        // The last row of a page: step back so the table is not left empty.
        if (rows.length === 1 && page > 1) setPage(page - 1);
        else reload();
      } catch (err) {
        showToast({
          kind: 'message',
          type: 'error',
          content: errorText(t, err),
        });
      }
    },
    [mutateAsync, page, rows.length, setPage, reload, t],
  );

  const columns = useMemo<TableColumnsType<AccessLogEntry>>(
    () => [
      { key: 'event', title: t('accessLog.columns.event'), render: (_, r) => t(`accessLog.events.${r.event}`) },
      {
        key: 'result',
        title: t('accessLog.columns.result'),
        render: (_, r) => (
          <Tag color={r.success ? 'green' : 'red'}>{t(r.success ? 'accessLog.success' : 'accessLog.failed')}</Tag>
        ),
      },
      { key: 'ip', title: t('accessLog.columns.ip'), render: (_, r) => r.ip ?? '' },
      {
        key: 'device',
        title: t('accessLog.columns.device'),
        responsive: ['md'],
        // "Chrome on Linux"; the raw header stays at hand on hover.
        render: (_, r) => <span title={r.userAgent ?? undefined}>{deviceLabel(t, r.userAgent)}</span>,
      },
      { key: 'date', title: t('accessLog.columns.date'), render: (_, r) => formatDateTime(r.createdAt) },
      {
        key: 'actions',
        title: t('accessLog.columns.actions'),
        render: (_, r) => (
          <SteadyPopconfirm
            title={t('accessLog.deleteConfirm')}
            okText={t('accessLog.delete')}
            cancelText={t('accessLog.cancel')}
            onConfirm={() => remove(r)}
          >
            <Button size="small" icon={<DeleteOutlined />} aria-label={t('accessLog.delete')} />
          </SteadyPopconfirm>
        ),
      },
    ],
    [remove, t],
  );

  return (
    <section aria-labelledby="access-log-title" className="profile-access-log">
      <Typography.Title level={2} id="access-log-title" className="profile-access-log__title">
        {t('accessLog.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('accessLog.description')}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={errorText(t, error)} className="profile-alert" /> : null}
      <PagedTable<AccessLogEntry> columns={columns} emptyText={t('accessLog.empty')} {...table} />
    </section>
  );
}
