import { Alert, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailFinding } from '../../domain/email-templates/wire';
import { VARIABLE_FORMS } from './variable-forms';

/**
 * The checks' findings, each with its name (a translated label, never the finding's internal id)
 * and its message. They are warnings: the template still saves. `error` is source that does not
 * parse (its line and message), which refuses the save.
 */
export function FindingsList({ findings, error }: { findings: EmailFinding[] | null; error: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="et-findings" aria-label={t('emailTemplates.findings.title')}>
      <h3 className="et-heading">{t('emailTemplates.findings.title')}</h3>
      {error && <Alert type="error" showIcon message={t('emailTemplates.findings.parseError')} description={error} />}
      {!error && findings?.length === 0 && <p className="et-muted">{t('emailTemplates.findings.none')}</p>}
      {!error && findings && findings.length > 0 && (
        <List
          size="small"
          dataSource={findings}
          renderItem={(f) => (
            <List.Item data-finding={f.id}>
              <Tag color="warning">{t(`emailTemplates.findingLabels.${f.id}`)}</Tag>{' '}
              {t(`emailTemplates.findings.${f.id}`, { ...VARIABLE_FORMS, ...f.values })}
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
