import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Drawer, Grid, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { useDocumentTitle } from '../../ui/use-document-title';
import { BusinessSummaryView } from './BusinessSummaryView';
import { SEARCH_MAX } from '../../domain/support/tickets';
import { BUSINESSES, SUPPORT_API, type BusinessRow } from './support-api';
import './support.css';

const PER_PAGE = 20;

/**
 * IT's business_management: find a business by its name or its owner's email and read what
 * helps its owner (read-only — IT changes nothing here). `?business=<id>` opens one.
 */
export default function BusinessLookupPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('pages.business_management'));
  const wide = Grid.useBreakpoint().md ?? false;
  const [params, setParams] = useSearchParams();
  const selected = params.get('business');
  const [search, setSearch] = useState('');
  const list = usePagedRows<BusinessRow>({
    resource: BUSINESSES,
    path: SUPPORT_API.businesses,
    filters: [{ field: 'query', operator: 'eq', value: search.trim() }],
    perPage: PER_PAGE,
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
        className="support-lookup-search"
        maxLength={SEARCH_MAX}
        onSearch={(v) => {
          setSearch(v);
          list.setPage(1);
        }}
      />
      {list.error && <Alert type="error" showIcon message={errorText(t, list.error)} className="support-alert" />}
      <PagedTable<BusinessRow>
        {...list.table}
        // The spinner only while the list is empty: a re-read keeps the rows in view.
        loading={list.table.loading && list.rows.length === 0}
        emptyText={t('supportDesk.lookupEmpty')}
        pager={{ showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 560 }}
        onRow={(row) => ({ onClick: () => select(row.id), style: { cursor: 'pointer' } })}
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
                  <div className="support-row-sub">{row.owner.email}</div>
                </div>
              ) : (
                '—'
              ),
          },
          {
            title: t('supportDesk.business.since'),
            dataIndex: 'createdAt',
            width: 130,
            render: (v: string) => clock.date(v),
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
