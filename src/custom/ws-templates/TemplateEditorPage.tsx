import { Link, useLocation, useParams } from 'react-router';
import { Alert, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WS_TEMPLATES_API, wsTemplatesPath } from '../../domain/ws-templates/api';
import { blankTemplate, type WsTemplate } from '../../domain/ws-templates/rules';
import type { wsTemplateAnswer } from '../../domain/ws-templates/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { useApiQuery } from '../../providers/use-api';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { TemplateEditor } from './TemplateEditor';
import './ws-templates.css';

/**
 * ws_template_management/new (a blank template, or one brought in by the import dialog, which
 * passes it in the route's state) and ws_template_management/:templateId (a saved one).
 */
export default function TemplateEditorPage() {
  const { t, i18n } = useTranslation();
  const { templateId } = useParams();
  const imported = (useLocation().state as { imported?: WsTemplate } | null)?.imported;
  const url = templateId ? wsTemplatesPath(WS_TEMPLATES_API.template, { templateId }) : '';
  const { data, query, reread } = useApiQuery<typeof wsTemplateAnswer>({
    url,
    queryOptions: { enabled: Boolean(templateId) },
  });
  const title = templateId ? (data?.name ?? t('pages.ws_template_management')) : t('wsTemplates.newTitle');
  useDocumentTitle(title);

  const body = () => {
    if (!templateId)
      return <TemplateEditor initial={imported ?? blankTemplate(i18n.resolvedLanguage)} onChanged={reread} />;
    if (query.error) return <Alert type="error" showIcon message={errorText(t, query.error)} />;
    if (!data) return <Spin aria-busy="true" />;
    return <TemplateEditor key={data.id} saved={data} initial={data} onChanged={reread} />;
  };

  return (
    <PagePanel title={title} intro={t('wsTemplates.editorIntro')}>
      <Link to="/ws_template_management" className="ws-back">
        <ArrowLeftOutlined /> {t('wsTemplates.backToList')}
      </Link>
      {body()}
    </PagePanel>
  );
}
