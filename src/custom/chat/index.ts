/**
 * The live chat area's face (docs/architecture.md, "Where an area's files go"): what the in-app
 * support chat (the support-chat area) reuses — a bot's settings forms, pointed at the
 * platform's calls with SettingsPathsProvider, and the inbox's parts. Each of these files asks
 * for the chat namespace itself, so it draws its words wherever it is shown.
 */
import './chat.css';

export { BotForm } from './BotForm';
export { ParametersForm } from './ParametersForm';
export { PromptForm } from './PromptForm';
export { QuestionsSection } from './QuestionsSection';
export { SettingsPathsProvider, type SettingsPaths } from './settings-paths';
export { useBotSettings } from './chat-api';
export { ContactList } from './ContactList';
export { LiveActions } from './LiveActions';
export { MessageList, type MessageWords } from './MessageList';
export { StateTag } from './StateTag';
export { useOpenContact } from './use-open-contact';
export { merge, useMessageLog, type ConversationView, type MessageSource } from './use-conversation';
