import { useEffect, useState } from 'react';
import { Button, Table } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATES_API, emailTemplatesPath } from '../../domain/email-templates/api';
import type { emailVersionList, EmailVersionRow } from '../../domain/email-templates/wire';
import { useApiQuery } from '../../providers/use-api';
import { useClock } from '../../ui/venue/use-clock';
import type { EmailTemplateKind } from '../../domain/email-templates/kinds';
import { VersionDialog } from './VersionDialog';

/**
 * Every saved version, newest first. A version never changes once saved: a send approved with
 * one keeps it after later saves.
 */
export function VersionsList({
  templateId,
  current,
  kind,
}: {
  templateId: string;
  current: number;
  kind: EmailTemplateKind;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const [viewing, setViewing] = useState<number | null>(null);
  const { data, query, reread } = useApiQuery<typeof emailVersionList>({
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
        // On a phone the columns scroll inside the table, not the page.
        scroll={{ x: 'max-content' }}
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
            render: (v: string) => clock.dateTime(v),
          },
          { title: t('emailTemplates.versions.by'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '—' },
          {
            title: t('emailTemplates.fields.actions'),
            key: 'view',
            render: (_: unknown, row) => (
              <Button
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('emailTemplates.versions.viewN', { n: row.version })}
                onClick={() => setViewing(row.version)}
              >
                {t('emailTemplates.versions.view')}
              </Button>
            ),
          },
        ]}
      />
      {viewing !== null && (
        <VersionDialog templateId={templateId} version={viewing} kind={kind} onClose={() => setViewing(null)} />
      )}
    </section>
  );
}
