import { useEffect } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATES_API, emailTemplatesPath } from '../../domain/email-templates/api';
import { emailVersionList, type EmailVersionRow } from '../../domain/email-templates/wire';
import { useApiQuery } from '../../providers/use-api';
import { formatDateTime } from '../../ui/format';

/**
 * Every saved version, newest first. A version never changes once saved: a send approved with
 * one keeps it after later saves.
 */
export function VersionsList({ templateId, current }: { templateId: string; current: number }) {
  const { t } = useTranslation();
  const { data, query, reread } = useApiQuery(emailVersionList, {
    url: emailTemplatesPath(EMAIL_TEMPLATES_API.versions, { templateId }),
  });
  // A save moved the current version: read the list again.
  useEffect(() => {
    void reread();
  }, [current, reread]);
  const rows = data ?? [];
  return (
    <section aria-label={t('emailTemplates.versions.title')} className="et-versions">
      <h3 className="et-heading">{t('emailTemplates.versions.title')}</h3>
      <p className="et-muted">{t('emailTemplates.versions.intro')}</p>
      <Table<EmailVersionRow>
        size="small"
        rowKey="version"
        loading={query.isLoading}
        pagination={false}
        dataSource={rows}
        aria-label={t('emailTemplates.versions.title')}
        columns={[
          {
            title: t('emailTemplates.versions.version'),
            dataIndex: 'version',
            render: (v: number) => (v === current ? t('emailTemplates.versions.currentN', { n: v }) : v),
          },
          { title: t('emailTemplates.fields.subject'), dataIndex: 'subject' },
          {
            title: t('emailTemplates.versions.savedAt'),
            dataIndex: 'createdAt',
            render: (v: string) => formatDateTime(v),
          },
          { title: t('emailTemplates.versions.by'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </section>
  );
}
