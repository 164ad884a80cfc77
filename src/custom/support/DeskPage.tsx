import { Link, useSearchParams } from 'react-router';
import { useList, type CrudFilter } from '@refinedev/core';
import { Alert, Badge, Drawer, Grid, Space, Tag } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX, TICKET_PRIORITIES, TICKET_STATUSES } from '../../domain/support/tickets';
import { isUuid } from '../../domain/uuid';
import { DebouncedInput } from '../../resources/engine/DebouncedInput';
import { errorText } from '../../providers/i18n/translate-message';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { useDocumentTitle } from '../../ui/use-document-title';
import { patchParams, positiveInt, useUrlParams } from '../../ui/use-url-params';
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
import './support.css';

const PER_PAGE = 20;
const STATUS_CHOICES: readonly string[] = ['active', 'all', ...TICKET_STATUSES];
const PRIORITY_CHOICES: readonly string[] = TICKET_PRIORITIES;

/**
 * The desk's filters as the address holds them (`?query=…&status=…&priority=…&assignee=…&page=…`,
 * the API's own names): a value the API would refuse (an address edited by hand) reads as the
 * default, a search longer than the API takes is cut to its limit.
 */
function readDeskFilters(params: URLSearchParams) {
  const status = params.get('status') ?? '';
  const priority = params.get('priority') ?? '';
  const assignee = params.get('assignee') ?? '';
  return {
    status: STATUS_CHOICES.includes(status) ? status : 'active',
    priority: PRIORITY_CHOICES.includes(priority) ? priority : '',
    assignee: assignee === 'me' || assignee === 'none' || isUuid(assignee) ? assignee : '',
    query: (params.get('query') ?? '').trim().slice(0, SEARCH_MAX),
    page: positiveInt(params.get('page'), 1),
  };
}

/**
 * IT's ticket_management: the support desk. Every business's tickets, filtered by status,
 * priority, assignee and a search; a ticket opens beside the list (`?ticket=<id>`) to answer,
 * note, assign, and set status and priority. New tickets and replies appear live. The filters,
 * the search and the page are kept in the address (useUrlParams, as the app's other lists), so a
 * reload, a link or Back shows the same tickets; a filter change or a typed search (applied when
 * the typing pauses, or on Enter) replaces the history entry and starts again at page 1.
 */
export default function DeskPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('pages.ticket_management'));
  const wide = Grid.useBreakpoint().md ?? false;
  // Opening a ticket is a place to go back to (a push); the filters are written by useUrlParams.
  const [, setParams] = useSearchParams();
  const [params, writeParams] = useUrlParams();
  const selected = params.get('ticket');
  const { status, priority, assignee, query, page } = readDeskFilters(params);
  /** Sets a filter ('' or the default removes it from the address); back to page 1. */
  const refilter = (name: 'status' | 'priority' | 'assignee' | 'query') => (value: string) =>
    writeParams((current) => patchParams(current, { [name]: name === 'status' && value === 'active' ? null : value }));

  const filters: CrudFilter[] = [
    { field: 'status', operator: 'eq', value: status === 'all' ? '' : status },
    { field: 'priority', operator: 'eq', value: priority },
    { field: 'assignee', operator: 'eq', value: assignee },
    { field: 'query', operator: 'eq', value: query },
  ];
  // Live like every list (Refine's liveMode 'auto'): new tickets and replies appear on their own.
  const list = usePagedRows<DeskTicket>({
    resource: TICKETS,
    path: SUPPORT_API.desk,
    filters,
    paging: {
      page,
      perPage: PER_PAGE,
      onChange: (next) => writeParams((current) => patchParams(current, { page: next === 1 ? null : next })),
    },
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

  return (
    <PagePanel title={t('pages.ticket_management')} intro={t('supportDesk.deskIntro')}>
      <Space wrap className="support-filters">
        <div className="support-desk-search">
          <DebouncedInput
            search
            label={t('supportDesk.search')}
            value={query}
            maxLength={SEARCH_MAX}
            onChange={refilter('query')}
          />
        </div>
        <Select
          aria-label={t('supportDesk.fields.status')}
          className="support-status-select"
          value={status}
          onChange={refilter('status')}
          options={[
            // 'active' is every status but closed; 'Open' is one of the statuses listed below.
            { value: 'active', label: t('supportDesk.views.notClosed') },
            { value: 'all', label: t('supportDesk.views.all') },
            ...TICKET_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) })),
          ]}
        />
        <Select
          aria-label={t('supportDesk.fields.priority')}
          className="support-priority-filter"
          value={priority}
          onChange={refilter('priority')}
          options={[
            { value: '', label: t('supportDesk.anyPriority') },
            ...TICKET_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(t, p) })),
          ]}
        />
        <Select
          aria-label={t('supportDesk.fields.assignee')}
          className="support-assignee-filter"
          value={assignee}
          onChange={refilter('assignee')}
          options={[
            { value: '', label: t('supportDesk.anyone') },
            { value: 'me', label: t('supportDesk.assignedToMe') },
            { value: 'none', label: t('supportDesk.unassigned') },
            ...agents.data.map((a) => ({ value: a.id, label: a.name })),
          ]}
        />
      </Space>
      {list.error && <Alert type="error" showIcon message={errorText(t, list.error)} className="support-alert" />}
      <PagedTable<DeskTicket>
        {...list.table}
        // The spinner only while the desk is empty: a live re-read keeps the rows in view.
        loading={list.table.loading && list.rows.length === 0}
        emptyText={t('supportDesk.deskEmpty')}
        pager={{ showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 760 }}
        onRow={(row) => ({ onClick: () => select(row.id), style: { cursor: 'pointer' }, 'data-testid': 'desk-row' })}
        rowClassName={(row) => (row.id === selected ? 'ant-table-row-selected' : '')}
        columns={[
          {
            title: t('supportDesk.fields.subject'),
            key: 'subject',
            render: (_, row) => (
              <div>
                <Link to={`?ticket=${row.id}`} className="support-wrap">
                  #{row.number} {row.subject}
                </Link>
                {row.awaitingReply && (
                  <Badge status="processing" text={t('supportDesk.awaitingReply')} className="support-awaiting" />
                )}
                <div className="support-row-sub">
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
              row.assignee?.name ?? <span className="support-unassigned">{t('supportDesk.unassigned')}</span>,
          },
          {
            title: t('supportDesk.fields.lastActivity'),
            dataIndex: 'lastActivityAt',
            width: 170,
            render: (v: string) => clock.dateTime(v),
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
