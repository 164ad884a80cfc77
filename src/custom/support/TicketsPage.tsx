import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCreate, useInvalidate } from '@refinedev/core';
import { Alert, Badge, Button, Empty, Flex, Grid, Pagination, Segmented, Space, Tag, theme } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MY_TICKET_VIEWS, type NewTicket } from '../../domain/support/tickets';
import { http } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { useDocumentTitle } from '../../ui/use-document-title';
import { patchParams, positiveInt, useUrlParams } from '../../ui/use-url-params';
import { NewTicketDialog } from './NewTicketDialog';
import {
  STATUS_COLORS,
  statusLabel,
  SUPPORT_API,
  supportPath,
  TICKETS,
  type MyTicket,
  type TicketDetail,
} from './support-api';
import { TicketConversation } from './TicketConversation';
import './support.css';

const PER_PAGE = 10;
type View = (typeof MY_TICKET_VIEWS)[number];
/** The tab the address names (`?view=closed`); none, or one the API does not know, is Open. */
const viewOf = (value: string | null): View => MY_TICKET_VIEWS.find((v) => v === value) ?? 'active';

/**
 * tickets (every signed-in role): my support tickets with the platform, opening one, and the
 * conversation of the one chosen (`?ticket=<id>`, so a notification or a reload lands on it).
 * The tab (Open / Closed / All) and the page are kept in the address too (`?view=closed&page=2`,
 * useUrlParams as the app's other lists), so a reload or Back shows the same tickets; a tab
 * change replaces the history entry and starts again at page 1.
 * The list is paged by usePagedRows (live like every list) but drawn as cards, not a
 * PagedTable: a column of buttons beside the conversation, each ticket one card
 * (docs/adding-a-resource.md, "A paged table").
 */
export default function TicketsPage() {
  const { t } = useTranslation();
  const clock = useClock();
  const { token } = theme.useToken();
  useDocumentTitle(t('pages.tickets'));
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? false;
  // antd knows the width only after its first render: the page drawn before it (as narrow) and
  // again after (as wide) mounted the ticket's conversation twice, and asked the server twice.
  const measured = screens.lg !== undefined;
  // Opening a ticket is a place to go back to (a push); the tab and page are written by useUrlParams.
  const [, setParams] = useSearchParams();
  const [params, writeParams] = useUrlParams();
  const selected = params.get('ticket');
  const view = viewOf(params.get('view'));
  const page = positiveInt(params.get('page'), 1);
  const [adding, setAdding] = useState(false);
  const invalidate = useInvalidate();
  const list = usePagedRows<MyTicket>({
    resource: TICKETS,
    path: SUPPORT_API.tickets,
    filters: [{ field: 'view', operator: 'eq', value: view }],
    paging: {
      page,
      perPage: PER_PAGE,
      onChange: (next) => writeParams((current) => patchParams(current, { page: next === 1 ? null : next })),
    },
  });
  const { rows, table } = list;
  const { mutateAsync: create } = useCreate<TicketDetail>();

  const select = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('ticket', id);
      else next.delete('ticket');
      return next;
    });

  const open = async (values: NewTicket, file: File | null) => {
    const { data } = await create({
      resource: TICKETS,
      meta: { path: SUPPORT_API.tickets },
      values,
      successNotification: false,
      errorNotification: false,
    });
    showToast({ kind: 'message', type: 'success', content: t('supportDesk.opened', { number: data.number }) });
    if (file) {
      const form = new FormData();
      form.append('file', file, file.name);
      // The ticket stands either way; a refused file is said on its page, where it can be tried again.
      await http
        .post(supportPath(SUPPORT_API.attachments, { ticketId: data.id }), form)
        .catch((error: unknown) => showToast({ kind: 'message', type: 'error', content: errorText(t, error) }));
    }
    await invalidate({ resource: TICKETS, invalidates: ['list'] });
    // The new ticket, shown among the open ones from the first page (one history entry).
    setParams((current) => patchParams(current, { view: null, ticket: data.id }));
  };

  const cards = (
    <div>
      <Space wrap className="support-tickets-toolbar">
        <Segmented<View>
          value={view}
          onChange={(v) => writeParams((current) => patchParams(current, { view: v === 'active' ? null : v }))}
          options={(['active', 'closed', 'all'] as const).map((v) => ({
            value: v,
            label: t(`supportDesk.views.${v}`),
          }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('supportDesk.new')}
        </Button>
      </Space>
      {list.error && <Alert type="error" showIcon message={errorText(t, list.error)} className="support-alert" />}
      {/* Empty once an answer (or an error) came, not while the first page is read. */}
      {rows.length === 0 && (list.loadedAt > 0 || list.error) ? (
        <Empty description={t(view === 'closed' ? 'supportDesk.emptyClosed' : 'supportDesk.empty')} />
      ) : (
        <ul aria-label={t('supportDesk.myTickets')} className="support-tickets-list">
          {rows.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                data-testid="my-ticket"
                aria-current={ticket.id === selected ? 'true' : undefined}
                onClick={() => select(ticket.id)}
                className="support-ticket-card"
                style={{
                  color: token.colorText,
                  background: ticket.id === selected ? token.colorPrimaryBg : token.colorBgContainer,
                  borderColor: ticket.id === selected ? token.colorPrimaryBorder : token.colorBorderSecondary,
                }}
              >
                <Flex gap="small" align="baseline" justify="space-between">
                  <strong className="support-wrap">
                    #{ticket.number} {ticket.subject}
                  </strong>
                  {ticket.newReply && (
                    <Badge status="processing" text={t('supportDesk.newReply')} className="support-new-reply" />
                  )}
                </Flex>
                <div className="support-ticket-card-meta" style={{ color: token.colorTextSecondary }}>
                  <Tag color={STATUS_COLORS[ticket.status]}>{statusLabel(t, ticket.status)}</Tag>
                  {t('supportDesk.lastActivity', { date: clock.date(ticket.lastActivityAt) })}
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="support-gap-top"
        current={table.page}
        pageSize={table.perPage}
        total={table.total}
        onChange={list.setPage}
        showSizeChanger={false}
        hideOnSinglePage
        size="small"
      />
    </div>
  );

  const conversation = selected ? (
    <TicketConversation key={selected} ticketId={selected} staff={false} />
  ) : (
    <Empty description={t('supportDesk.pickOne')} />
  );

  return (
    <PagePanel title={t('pages.tickets')} intro={t('supportDesk.intro')}>
      <div className="support-tickets-body">
        {!measured ? null : wide ? (
          <div className="support-tickets-split">
            {cards}
            <div className="support-tickets-aside" style={{ borderInlineStartColor: token.colorBorderSecondary }}>
              {conversation}
            </div>
          </div>
        ) : selected ? (
          <div>
            <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => select(null)} className="support-back">
              {t('supportDesk.backToList')}
            </Button>
            {conversation}
          </div>
        ) : (
          cards
        )}
      </div>
      {adding && <NewTicketDialog open onClose={() => setAdding(false)} onOpen={open} />}
    </PagePanel>
  );
}
