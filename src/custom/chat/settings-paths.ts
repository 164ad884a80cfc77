/**
 * Where a bot's settings forms save: a domain's bot (the CRM calls) by default, or the platform's
 * bot of the in-app support chat (ADMIN's page, in the support-chat area), which wraps the same
 * forms in a provider with its own calls (docs/live-chat.md, "The in-app support chat"). The
 * bodies are the same; only the paths differ.
 */
import { createContext, useContext } from 'react';
import { CHAT_API } from '../../domain/chat/api';

export interface QuestionPaths {
  list: string;
  add: string;
}

export interface SettingsPaths {
  chatbot: string;
  avatar: string;
  systemPrompt: string;
  botParameters: string;
  helpdesk: QuestionPaths;
  /** A domain's filter questions; the platform has none. */
  filter?: QuestionPaths;
}

export const DOMAIN_SETTINGS_PATHS: SettingsPaths = {
  chatbot: CHAT_API.chatbot,
  avatar: CHAT_API.avatar,
  systemPrompt: CHAT_API.systemPrompt,
  botParameters: CHAT_API.botParameters,
  helpdesk: { list: CHAT_API.helpdesk, add: CHAT_API.helpdeskAdd },
  filter: { list: CHAT_API.filter, add: CHAT_API.filterAdd },
};

const PathsContext = createContext<SettingsPaths>(DOMAIN_SETTINGS_PATHS);

export const SettingsPathsProvider = PathsContext.Provider;
export const useSettingsPaths = () => useContext(PathsContext);
