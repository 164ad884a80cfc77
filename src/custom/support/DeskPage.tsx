import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { useList, type CrudFilter } from '@refinedev/core';
import { Alert, Badge, Drawer, Grid, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../domain/support/tickets';
import { errorText } from '../../providers/i18n/translate-message';
import { formatDateTime } from '../../ui/format';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import {
  PRIORITY_COLORS,
  priorityLabel,
  STATUS_COLORS,
  statusLabel,
  SUPPORT_API,
  TICKETS,
  type Agent,
  type DeskTicket,
} from './support-api';
import { TicketConversation } from './TicketConversation';

const PER_PAGE = 20;

/**
 * IT's ticket_management: the support desk. Every business's tickets, filtered by status,
 * priority, assignee and a search; a ticket opens beside the list (`?ticket=<id>`) to answer,
 * note, assign, and set status and priority. New tickets and replies appear live.
 */
export default function DeskPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.ticket_management'));
  const wide = Grid.useBreakpoint().md ?? false;
  const [params, setParams] = useSearchParams();
  const selected = params.get('ticket');
  const [status, setStatus] = useState<string>('active');
  const [priority, setPriority] = useState<string>('');
  const [assignee, setAssignee] = useState<string>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const filters: CrudFilter[] = [
    { field: 'status', operator: 'eq', value: status === 'all' ? '' : status },
    { field: 'priority', operator: 'eq', value: priority },
    { field: 'assignee', operator: 'eq', value: assignee },
    { field: 'query', operator: 'eq', value: search.trim() },
  ];
  const { result, query } = useList<DeskTicket>({
    resource: TICKETS,
    meta: { path: SUPPORT_API.desk },
    filters,
    pagination: { currentPage: page, pageSize: PER_PAGE, mode: 'server' },
    queryOptions: { placeholderData: keepPreviousData },
    liveMode: 'auto',
    errorNotification: false,
  });
  const { result: agents } = useList<Agent>({
    resource: 'supportAgents',
    meta: { path: SUPPORT_API.agents },
    pagination: { mode: 'off' },
    errorNotification: false,
  });

  const select = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('ticket', id);
      else next.delete('ticket');
      return next;
    });
  const refilter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <PagePanel title={t('pages.ticket_management')} intro={t('supportDesk.deskIntro')}>
      <Space wrap style={{ margin: '16px 0' }}>
        <Input.Search
          allowClear
          aria-label={t('supportDesk.search')}
          placeholder={t('supportDesk.search')}
          style={{ width: 260 }}
          onSearch={refilter(setSearch)}
        />
        <Select
          aria-label={t('supportDesk.fields.status')}
          style={{ minWidth: 170 }}
          value={status}
          onChange={refilter(setStatus)}
          options={[
            { value: 'active', label: t('supportDesk.views.active') },
            { value: 'all', label: t('supportDesk.views.all') },
            ...TICKET_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) })),
          ]}
        />
        <Select
          aria-label={t('supportDesk.fields.priority')}
          style={{ minWidth: 140 }}
          value={priority}
          onChange={refilter(setPriority)}
          options={[
            { value: '', label: t('supportDesk.anyPriority') },
            ...TICKET_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(t, p) })),
          ]}
        />
        <Select
          aria-label={t('supportDesk.fields.assignee')}
          style={{ minWidth: 170 }}
          value={assignee}
          onChange={refilter(setAssignee)}
          options={[
            { value: '', label: t('supportDesk.anyone') },
            { value: 'me', label: t('supportDesk.assignedToMe') },
            { value: 'none', label: t('supportDesk.unassigned') },
            ...agents.data.map((a) => ({ value: a.id, label: a.name })),
          ]}
        />
      </Space>
      {query.error && <Alert type="error" showIcon message={errorText(t, query.error)} style={{ marginBottom: 12 }} />}
      <Table<DeskTicket>
        rowKey="id"
        size="middle"
        loading={query.isFetching && !result.data.length}
        dataSource={result.data}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('supportDesk.deskEmpty') }}
        onRow={(row) => ({ onClick: () => select(row.id), style: { cursor: 'pointer' }, 'data-testid': 'desk-row' })}
        rowClassName={(row) => (row.id === selected ? 'ant-table-row-selected' : '')}
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
            title: t('supportDesk.fields.subject'),
            key: 'subject',
            render: (_, row) => (
              <div>
                <Link to={`?ticket=${row.id}`} style={{ overflowWrap: 'anywhere' }}>
                  #{row.number} {row.subject}
                </Link>
                {row.awaitingReply && (
                  <Badge status="processing" text={t('supportDesk.awaitingReply')} style={{ marginInlineStart: 8 }} />
                )}
                <div style={{ opacity: 0.7, fontSize: 12 }}>
                  {row.opener.name} · {row.business?.name ?? row.opener.email}
                </div>
              </div>
            ),
          },
          {
            title: t('supportDesk.fields.status'),
            dataIndex: 'status',
            width: 150,
            render: (s: DeskTicket['status']) => <Tag color={STATUS_COLORS[s]}>{statusLabel(t, s)}</Tag>,
          },
          {
            title: t('supportDesk.fields.priority'),
            dataIndex: 'priority',
            width: 110,
            render: (p: DeskTicket['priority']) => <Tag color={PRIORITY_COLORS[p]}>{priorityLabel(t, p)}</Tag>,
          },
          {
            title: t('supportDesk.fields.assignee'),
            key: 'assignee',
            width: 150,
            render: (_, row) =>
              row.assignee?.name ?? <span style={{ opacity: 0.6 }}>{t('supportDesk.unassigned')}</span>,
          },
          {
            title: t('supportDesk.fields.lastActivity'),
            dataIndex: 'lastActivityAt',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
      <Drawer
        open={!!selected}
        onClose={() => select(null)}
        width={wide ? 720 : '100%'}
        title={t('supportDesk.ticket')}
        destroyOnHidden
      >
        {selected && <TicketConversation key={selected} ticketId={selected} staff agents={agents.data} />}
      </Drawer>
    </PagePanel>
  );
}
