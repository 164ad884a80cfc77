import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLATFORM_CHAT_ID, SUPPORT_CHAT_API } from '../../domain/chat/support';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { BotForm, ParametersForm, PromptForm, QuestionsSection, SettingsPathsProvider, useBotSettings } from '../chat';
import { PLATFORM_PATHS } from './support-chat-api';
import './support-chat.css';

/**
 * support_chat/settings (ADMIN): the platform's bot and helpdesk, which answer the in-app support
 * chat — a domain bot's own forms (the chat area's face), saving through the platform's calls.
 */
export default function PlatformBotPage() {
  const { t } = useTranslation(['translation', 'support-chat']);
  useDocumentTitle(t('pages.support_chat_settings'));
  const { settings, query } = useBotSettings(PLATFORM_CHAT_ID, SUPPORT_CHAT_API.chatbot);
  return (
    <PagePanel title={t('pages.support_chat_settings')} intro={t('supportChat.bot.intro')}>
      {query.error && <Alert type="error" showIcon message={t('supportChat.loadFailed')} />}
      {!settings && !query.error && <Spin />}
      {settings && (
        <SettingsPathsProvider value={PLATFORM_PATHS}>
          <section className="chat-section" aria-labelledby="support-bot-title">
            <h2 id="support-bot-title">{t('supportChat.bot.bot')}</h2>
            <BotForm settings={settings} />
          </section>
          <section className="chat-section" aria-labelledby="support-prompt-title">
            <h2 id="support-prompt-title">{t('supportChat.bot.prompt')}</h2>
            <PromptForm settings={settings} />
          </section>
          <section className="chat-section" aria-labelledby="support-parameters-title">
            <h2 id="support-parameters-title">{t('supportChat.bot.parameters')}</h2>
            <ParametersForm settings={settings} />
          </section>
          <QuestionsSection kind="helpdesk" domainId={PLATFORM_CHAT_ID} />
        </SettingsPathsProvider>
      )}
    </PagePanel>
  );
}
