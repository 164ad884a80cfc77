import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { useList, useOne } from '@refinedev/core';
import { Alert, Drawer, Grid, Input, Spin, Table, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';
import { formatDate } from '../../ui/format';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import {
  BUSINESSES,
  STATUS_COLORS,
  statusLabel,
  SUPPORT_API,
  type BusinessRow,
  type BusinessSummary,
} from './support-api';

const PER_PAGE = 20;

/**
 * IT's business_management: find a business by its name or its owner's email and read what
 * helps its owner (read-only — IT changes nothing here). `?business=<id>` opens one.
 */
export default function BusinessLookupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.business_management'));
  const wide = Grid.useBreakpoint().md ?? false;
  const [params, setParams] = useSearchParams();
  const selected = params.get('business');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { result, query } = useList<BusinessRow>({
    resource: BUSINESSES,
    meta: { path: SUPPORT_API.businesses },
    filters: [{ field: 'query', operator: 'eq', value: search.trim() }],
    pagination: { currentPage: page, pageSize: PER_PAGE, mode: 'server' },
    queryOptions: { placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const select = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('business', id);
      else next.delete('business');
      return next;
    });

  return (
    <PagePanel title={t('pages.business_management')} intro={t('supportDesk.lookupIntro')}>
      <Input.Search
        allowClear
        aria-label={t('supportDesk.lookupSearch')}
        placeholder={t('supportDesk.lookupSearch')}
        style={{ width: 'min(100%, 340px)', margin: '16px 0' }}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />
      {query.error && <Alert type="error" showIcon message={errorText(t, query.error)} style={{ marginBottom: 12 }} />}
      <Table<BusinessRow>
        rowKey="id"
        size="middle"
        loading={query.isFetching && !result.data.length}
        dataSource={result.data}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('supportDesk.lookupEmpty') }}
        onRow={(row) => ({ onClick: () => select(row.id), style: { cursor: 'pointer' } })}
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
            title: t('supportDesk.business.name'),
            dataIndex: 'name',
            render: (name: string, row) => <Link to={`?business=${row.id}`}>{name}</Link>,
          },
          {
            title: t('supportDesk.business.owner'),
            key: 'owner',
            render: (_, row) =>
              row.owner ? (
                <div>
                  {row.owner.name}
                  <div style={{ opacity: 0.7, fontSize: 12 }}>{row.owner.email}</div>
                </div>
              ) : (
                '—'
              ),
          },
          {
            title: t('supportDesk.business.since'),
            dataIndex: 'createdAt',
            width: 130,
            render: (v: string) => formatDate(v),
          },
        ]}
      />
      <Drawer
        open={!!selected}
        onClose={() => select(null)}
        width={wide ? 640 : '100%'}
        title={t('supportDesk.business.title')}
        destroyOnHidden
      >
        {selected && <BusinessSummaryView id={selected} />}
      </Drawer>
    </PagePanel>
  );
}

function BusinessSummaryView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { result: b, query } = useOne<BusinessSummary>({
    resource: BUSINESSES,
    id,
    meta: { path: SUPPORT_API.businesses },
    errorNotification: false,
  });
  if (query.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (query.error || !b) return <Alert type="error" showIcon message={errorText(t, query.error)} />;
  const row = (label: string, value: React.ReactNode) => (
    <div style={{ display: 'contents' }}>
      <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
      <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
    </div>
  );
  const place = [b.city, b.state, b.country].filter(Boolean).join(', ');
  return (
    <article aria-labelledby="business-title" data-testid="business-summary">
      <h2 id="business-title" style={{ marginTop: 0, overflowWrap: 'anywhere' }}>
        {b.name}
      </h2>
      <Alert type="info" showIcon message={t('supportDesk.business.readOnly')} style={{ marginBottom: 16 }} />
      <dl
        style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', gap: '8px 16px', margin: 0 }}
      >
        {row(
          t('supportDesk.business.owner'),
          b.owner
            ? `${b.owner.name} · ${b.owner.email} · ${t(`roles.${b.owner.role}`, { defaultValue: b.owner.role })}`
            : '—',
        )}
        {row(t('supportDesk.business.status'), t(`supportDesk.businessStatus.${b.status}`, { defaultValue: b.status }))}
        {row(t('supportDesk.business.plan'), b.subscription.plan ?? t('supportDesk.business.noPlan'))}
        {row(
          t('supportDesk.business.subscription'),
          <>
            {t(`supportDesk.subscription.${b.subscription.state}`)}
            {b.subscription.state === 'trial' && b.subscription.trialEndsAt
              ? ` · ${t('supportDesk.business.trialUntil', { date: formatDate(b.subscription.trialEndsAt) })}`
              : ''}
          </>,
        )}
        {row(t('supportDesk.business.members'), b.counts.members)}
        {row(t('supportDesk.business.accounts'), b.counts.accounts)}
        {row(t('supportDesk.business.venues'), b.counts.venues)}
        {row(t('supportDesk.business.employees'), b.counts.employees)}
        {row(t('supportDesk.business.customers'), b.counts.customers)}
        {row(t('supportDesk.business.place'), place || '—')}
        {row(t('supportDesk.business.timeZone'), b.timeZone)}
        {row(t('supportDesk.business.website'), b.website || '—')}
        {row(t('supportDesk.business.since'), formatDate(b.createdAt))}
      </dl>
      <h3 style={{ marginTop: 24 }}>{t('supportDesk.business.recentTickets')}</h3>
      {b.recentTickets.length === 0 ? (
        <p style={{ color: token.colorTextSecondary }}>{t('supportDesk.business.noTickets')}</p>
      ) : (
        <ul style={{ paddingInlineStart: 18, margin: 0, display: 'grid', gap: 6 }}>
          {b.recentTickets.map((ticket) => (
            <li key={ticket.id}>
              <Link to={`/ticket_management?ticket=${ticket.id}`}>
                #{ticket.number} {ticket.subject}
              </Link>{' '}
              <Tag color={STATUS_COLORS[ticket.status]}>{statusLabel(t, ticket.status)}</Tag>
              <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                {formatDate(ticket.lastActivityAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
