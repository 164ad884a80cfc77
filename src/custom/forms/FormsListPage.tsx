import { useState } from 'react';
import { Button, Flex, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { publicFormPage } from '../../domain/forms/api';
import type { FormSummary } from '../../domain/forms/wire';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { useDocumentTitle } from '../../ui/use-document-title';
import { FormDetailsDialog } from './FormDetailsDialog';
import { useFormsList, useFormWrites } from './forms-api';
import './forms.css';

/**
 * form_builder — the platform's forms: each with its public address, latest version (and whether it
 * stopped taking answers) and answers.
 */
export default function FormsListPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('forms.title'));
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 1, perPage: 20 });
  const [creating, setCreating] = useState(false);
  const { rows, total, loading } = useFormsList(paging.page, paging.perPage);
  const { create } = useFormWrites();

  return (
    <PagePanel title={t('forms.title')} intro={t('forms.intro')}>
      <Flex justify="end" className="forms-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('forms.new')}
        </Button>
      </Flex>
      <PagedTable<FormSummary>
        aria-label={t('forms.title')}
        rows={rows}
        loading={loading}
        emptyText={t('forms.empty')}
        page={paging.page}
        perPage={paging.perPage}
        total={total}
        onPageChange={(page, perPage) => setPaging({ page, perPage })}
        pager={{ showTotal: (count) => t('forms.total', { count }) }}
        columns={[
          {
            key: 'name',
            title: t('forms.columns.name'),
            render: (_, f) => <Link to={`/form_builder/${f.slug}/edit`}>{f.name}</Link>,
          },
          {
            key: 'slug',
            title: t('forms.columns.address'),
            responsive: ['md'],
            render: (_, f) => publicFormPage(f.slug),
          },
          {
            key: 'version',
            title: t('forms.columns.version'),
            render: (_, f) => (
              <>
                {f.publishedVersion ? (
                  <Tag color="green">{t('forms.versionN', { version: f.publishedVersion })}</Tag>
                ) : (
                  <Tag>{t('forms.unpublished')}</Tag>
                )}
                {f.closedAt && <Tag color="red">{t('forms.closedTag')}</Tag>}
              </>
            ),
          },
          { key: 'submissions', title: t('forms.columns.submissions'), dataIndex: 'submissions', align: 'right' },
          {
            key: 'updatedAt',
            title: t('forms.columns.updated'),
            responsive: ['md'],
            render: (_, f) => clock.dateTime(f.updatedAt),
          },
        ]}
      />
      <FormDetailsDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSave={async (values) => {
          const form = await create(values);
          void navigate(`/form_builder/${form.slug}/edit`);
        }}
      />
    </PagePanel>
  );
}
