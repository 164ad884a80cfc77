import { Link, useLocation, useParams } from 'react-router';
import { Alert, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATES_API, emailTemplatesPath } from '../../domain/email-templates/api';
import { blankEmailTemplate } from '../../domain/email-templates/rules';
import type { emailTemplateAnswer } from '../../domain/email-templates/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { useApiQuery } from '../../providers/use-api';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { TemplateEditor } from './TemplateEditor';
import { starterWordsOf } from './starter-words';
import './email-templates.css';

/**
 * email_template_setup (a new template, from a starter design) and
 * email_templates_management/:templateID/email_template_setup (a saved one, at its current version).
 */
export default function TemplateSetupPage() {
  const { t } = useTranslation();
  const { templateID } = useParams();
  const justSaved = (useLocation().state as { justSaved?: number } | null)?.justSaved;
  const url = templateID ? emailTemplatesPath(EMAIL_TEMPLATES_API.template, { templateId: templateID }) : '';
  const { data, query, reread } = useApiQuery<typeof emailTemplateAnswer>({
    url,
    queryOptions: { enabled: Boolean(templateID) },
  });
  const title = templateID ? (data?.name ?? t('pages.email_template_setup')) : t('emailTemplates.newTitle');
  useDocumentTitle(title);

  const body = () => {
    if (!templateID) return <TemplateEditor initial={blankEmailTemplate(starterWordsOf(t))} onChanged={reread} />;
    if (query.error) return <Alert type="error" showIcon message={errorText(t, query.error)} />;
    if (!data) return <Spin aria-busy="true" />;
    const { subject, mjml, blocks } = data.current;
    const initial = { name: data.name, kind: data.kind, subject, mjml, blocks };
    return <TemplateEditor key={data.id} saved={data} initial={initial} justSaved={justSaved} onChanged={reread} />;
  };

  return (
    <PagePanel title={title} intro={t('emailTemplates.editorIntro')}>
      <Link to="/email_templates_management" className="et-back">
        <ArrowLeftOutlined /> {t('emailTemplates.backToList')}
      </Link>
      {body()}
    </PagePanel>
  );
}
