import { cloneElement, isValidElement, useEffect, useMemo, useState } from 'react';
import { useCustomMutation, type CrudFilter, type HttpError } from '@refinedev/core';
import { Alert, Button, Drawer, Empty, Flex, Input, Tag, theme, Typography, type TableColumnsType } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_RESOURCE,
  type NotificationItem,
  type NotificationStatus,
} from '../../domain/notifications';
import { errorText } from '../../providers/i18n/translate-message';
import { refreshLatest } from '../../providers/live/latest-store';
import { idsForm, NOTIFICATION_API } from '../../providers/live/notifications-api';
import { toastActionDone, toastActionFailed, type NotificationAction } from './action-toasts';
import { MomentCell } from '../../ui/tables/MomentCell';
import { useClock } from '../../ui/venue/use-clock';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { NotificationDetail } from './NotificationDetail';
import { useCenterQuery } from './use-center-query';
import { useNotificationTexts } from './use-notification-texts';
import './notifications.css';

const STATUS_COLORS: Record<NotificationStatus, string> = { unread: 'blue', read: 'default', archived: 'orange' };

/** A notification's status as a coloured tag (its own column on a wide screen, under the title on a phone). */
function StatusTag({ status }: { status: NotificationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} className="notifications-status">
      {t(`notificationCenter.statuses.${status}`)}
    </Tag>
  );
}

/**
 * /notifications, the Notifications Center (the product brief, sections 6 and 7): the caller's
 * notifications, a PagedTable on usePagedRows (a new notification on the live channel re-reads
 * it), with search, type and status filters and the page kept in the URL, and bulk Mark as
 * read / Archive for the selected rows.
 */
export default function NotificationCenterPage() {
  const { t } = useTranslation();
  const clock = useClock();
  const { token } = theme.useToken();
  useDocumentTitle(t('pages.notifications'));
  const { query, update, paging } = useCenterQuery();
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState<NotificationAction | null>(null);
  // The notification open in the drawer (a row was clicked).
  const [opened, setOpened] = useState<NotificationItem | null>(null);
  const [search, setSearch] = useState(query.query);

  const { query: text, type, status } = query;
  useEffect(() => setSearch(text), [text]);

  const filters = Object.entries({ query: text, type, status })
    .filter(([, value]) => value !== '')
    .map(([field, value]): CrudFilter => ({ field, operator: 'eq', value }));
  const list = usePagedRows<NotificationItem>({
    resource: NOTIFICATIONS_RESOURCE,
    path: NOTIFICATION_API.list,
    filters,
    paging,
    // The server matches a search in the reader's words (a notification's translated text).
    inReaderLanguage: text !== '',
  });
  const items = list.rows;
  // Each row's words, written once per list and language: its title cell, message cell and check
  // box, and the drawer, read them on every render.
  const textOf = useNotificationTexts(items);
  // Only rows on screen stay selected (a page or filter change drops the others).
  const selected = picked.filter((id) => items.some((row) => row.id === id));
  const { mutateAsync } = useCustomMutation<NotificationItem, HttpError, FormData>();

  /** Marks as read or archives the selected rows, or the one open in the drawer (which then closes). */
  const bulk = async (kind: NotificationAction, ids: string[] = selected) => {
    setBusy(kind);
    try {
      await mutateAsync({
        url: kind === 'read' ? NOTIFICATION_API.markReadMany : NOTIFICATION_API.archiveMany,
        method: 'put',
        values: idsForm(ids),
        successNotification: false,
        errorNotification: false,
      });
      toastActionDone(t, kind);
      setPicked((current) => current.filter((id) => !ids.includes(id)));
      setOpened(null);
      list.reload();
      void refreshLatest();
    } catch (err) {
      toastActionFailed(t, err);
    } finally {
      setBusy(null);
    }
  };

  const columns = useMemo<TableColumnsType<NotificationItem>>(
    () => [
      {
        key: 'title',
        title: t('notificationCenter.columns.title'),
        dataIndex: 'title',
        // A button for keyboard users; a click anywhere on the row opens the notification too.
        // Below sm the Status column is hidden and its tag sits under the title instead, so the
        // title keeps the width its words need (notifications.css).
        render: (_: string, row) => (
          <>
            <Typography.Link
              onClick={() => setOpened(row)}
              className={`notifications-title notifications-title-${row.status}`}
            >
              {textOf(row).title}
            </Typography.Link>
            <div className="notifications-status-under">
              <StatusTag status={row.status} />
            </div>
          </>
        ),
      },
      {
        key: 'message',
        title: t('notificationCenter.columns.message'),
        dataIndex: 'message',
        responsive: ['md'],
        render: (_: string, row) => textOf(row).message,
      },
      {
        key: 'type',
        title: t('notificationCenter.columns.type'),
        dataIndex: 'type',
        responsive: ['sm'],
        render: (value: string) => t(`notificationCenter.types.${value}`, { defaultValue: value }),
      },
      {
        key: 'status',
        title: t('notificationCenter.columns.status'),
        dataIndex: 'status',
        responsive: ['sm'],
        render: (value: NotificationStatus) => <StatusTag status={value} />,
      },
      {
        key: 'date',
        title: t('notificationCenter.columns.date'),
        dataIndex: 'notificationDate',
        render: (value: string) => <MomentCell value={value} clock={clock} />,
      },
    ],
    [t, clock, textOf],
  );

  const filtered = Boolean(text || type || status);

  return (
    <PagePanel title={t('pages.notifications')}>
      <Flex gap={token.marginSM} wrap className="notifications-filters">
        <Input.Search
          allowClear
          aria-label={t('notificationCenter.search')}
          placeholder={t('notificationCenter.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => update({ query: value.trim() })}
          className="notifications-search"
        />
        <Select
          aria-label={t('notificationCenter.type')}
          value={type}
          onChange={(value: string) => update({ type: value })}
          className="notifications-filter"
          options={[
            { value: '', label: t('notificationCenter.allTypes') },
            ...NOTIFICATION_TYPES.map((value) => ({ value, label: t(`notificationCenter.types.${value}`) })),
          ]}
        />
        <Select
          aria-label={t('notificationCenter.status')}
          value={status}
          onChange={(value: string) => update({ status: value })}
          className="notifications-filter"
          options={[
            { value: '', label: t('notificationCenter.allStatuses') },
            ...NOTIFICATION_STATUSES.map((value) => ({ value, label: t(`notificationCenter.statuses.${value}`) })),
          ]}
        />
        {filtered && (
          <Button type="link" onClick={() => update({ query: '', type: '', status: '' })}>
            {t('notificationCenter.clear')}
          </Button>
        )}
      </Flex>

      {selected.length > 0 && (
        <Flex
          gap={token.marginSM}
          align="center"
          wrap
          role="region"
          aria-label={t('notificationCenter.selected', { count: selected.length })}
          className="notifications-gap-below"
        >
          <span>{t('notificationCenter.selected', { count: selected.length })}</span>
          <Button type="primary" loading={busy === 'read'} disabled={busy !== null} onClick={() => void bulk('read')}>
            {t('notificationCenter.markSelectedRead')}
          </Button>
          <Button loading={busy === 'archive'} disabled={busy !== null} onClick={() => void bulk('archive')}>
            {t('notificationCenter.archiveSelected')}
          </Button>
        </Flex>
      )}

      {list.error && (
        <Alert
          type="error"
          showIcon
          message={errorText(t, list.error)}
          action={
            <Button size="small" onClick={list.reload}>
              {t('notifications.retry')}
            </Button>
          }
          className="notifications-gap-below"
        />
      )}

      <PagedTable<NotificationItem>
        {...list.table}
        aria-label={t('notificationCenter.table')}
        columns={columns}
        onRow={(row) => ({
          onClick: (event) => {
            // The check box cell selects; the title is already a link to the same detail.
            if (!(event.target as HTMLElement).closest('a, button, input, label, .ant-table-selection-column'))
              setOpened(row);
          },
          style: { cursor: 'pointer' },
        })}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setPicked(keys.map(String)),
          // antd names the header box 'Select all' in English and the rows' boxes not at all.
          getTitleCheckboxProps: () => ({ 'aria-label': t('notificationCenter.selectAll') }),
          renderCell: (_, row, __, box) =>
            isValidElement<{ 'aria-label'?: string }>(box)
              ? cloneElement(box, {
                  'aria-label': t('notificationCenter.selectOne', { title: textOf(row).title }),
                })
              : box,
        }}
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(filtered ? 'notificationCenter.emptyFiltered' : 'notificationCenter.empty')}
          />
        }
      />
      <Drawer
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened && textOf(opened).title}
        width="min(480px, 100vw)"
      >
        {opened && (
          <NotificationDetail
            item={opened}
            text={textOf(opened)}
            busy={busy}
            showTitle={false}
            onAction={(kind) => void bulk(kind, [opened.id])}
          />
        )}
      </Drawer>
    </PagePanel>
  );
}
