import { Alert, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { BotForm } from './BotForm';
import { useBotSettings } from './chat-api';
import { ParametersForm } from './ParametersForm';
import { PromptForm } from './PromptForm';
import { QuestionsSection } from './QuestionsSection';
import './chat.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="chat-section" aria-labelledby={`chat-${id}-title`}>
      <h2 id={`chat-${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** conversations/{id}/settings (CLUBOWNER, USER): the bot of one domain (`:id` is the domain's id). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const domainId = useParams().id ?? '';
  const { settings, query } = useBotSettings(domainId);
  const title = settings
    ? t('chat.settings.title', { domain: settings.domainName })
    : t('pages.conversations_id_settings');
  useDocumentTitle(title);
  // A mangled address (the server answers 400 before any lookup) leads nowhere, as a domain of
  // another business does (404): a warning that it is not theirs, not "could not be loaded".
  const status = (query.error as { statusCode?: number } | null)?.statusCode;
  const missing = status === 404 || status === 400;

  return (
    <PagePanel title={title} intro={t('chat.settings.intro')}>
      <Link to={`/conversations?domain=${encodeURIComponent(domainId)}`}>{t('chat.settings.back')}</Link>
      {query.error && (
        <Alert
          type={missing ? 'warning' : 'error'}
          showIcon
          message={t(missing ? 'chat.settings.notFound' : 'chat.settings.loadFailed')}
        />
      )}
      {!settings && !query.error && <Spin />}
      {settings && (
        <>
          <Section id="bot" title={t('chat.settings.bot')}>
            <BotForm settings={settings} />
          </Section>
          <Section id="prompt" title={t('chat.settings.prompt')}>
            <PromptForm settings={settings} />
          </Section>
          <Section id="parameters" title={t('chat.settings.parameters')}>
            <ParametersForm settings={settings} />
          </Section>
          <QuestionsSection kind="helpdesk" domainId={domainId} />
          <QuestionsSection kind="filter" domainId={domainId} />
        </>
      )}
    </PagePanel>
  );
}
