/**
 * The live chat's calls (src/domain/chat/api.ts) for the settings page and the inbox: the
 * business's domains, a domain's bot, the helpdesk and filter questions (paged), the contacts
 * (re-read when the live channel names a conversation), and the writes.
 */
import { useCustom, useList, useSubscription } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_API, CONVERSATIONS_LIVE_RESOURCE, fill } from '../../domain/chat/api';
import type {
  BotParametersInput,
  ChatbotInput,
  ConversationState,
  FilterQuestionInput,
  HelpdeskQuestionInput,
  LiveStatus,
  SystemPromptInput,
} from '../../domain/chat/rules';
import type { BotSettings, Contact, FilterQuestion, MessagesAfter } from '../../domain/chat/wire';
import { http } from '../../providers/http/client';
import { DOMAIN_SETTINGS_PATHS, useSettingsPaths, type QuestionPaths, type SettingsPaths } from './settings-paths';

export interface DomainOption {
  id: string;
  name: string;
  unicodeName: string | null;
}

/** The business's domains (the declared resource's list): a bot belongs to one. */
export function useChatDomains() {
  const { result, query } = useList<DomainOption>({
    resource: 'domains',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    sorters: [{ field: 'name', order: 'asc' }],
    errorNotification: false,
  });
  return { domains: query.isLoading ? null : result.data, error: query.error };
}

/** A bot's settings under a key of their own, so a save reads again what it changed and nothing else. */
export const botSettingsKey = (url: string, domainId: string) => ['chat', 'bot-settings', url, domainId];

export function useBotSettings(domainId: string, url: string = CHAT_API.chatbot) {
  const { query } = useCustom<BotSettings>({
    url,
    method: 'get',
    config: { query: { domainId } },
    queryOptions: { enabled: Boolean(domainId), queryKey: botSettingsKey(url, domainId) },
    errorNotification: false,
  });
  return { settings: query.data?.data ?? null, query };
}

/**
 * After a save of the bot's settings: the settings the save answered, held at once, so every form
 * of the page names the version it now edits (a save naming the one before would be refused as
 * another tab's, 409).
 */
export function useBotSettingsHeld(domainId: string) {
  const queryClient = useQueryClient();
  const paths = useSettingsPaths();
  return (settings: BotSettings) =>
    queryClient.setQueryData<{ data: BotSettings }>(botSettingsKey(paths.chatbot, domainId), (held) =>
      held ? { ...held, data: settings } : held,
    );
}

/** After a save of the bot (its name and greeting, its picture): its settings, read again. */
export function useBotSettingsSaved(domainId: string) {
  const queryClient = useQueryClient();
  const paths = useSettingsPaths();
  return () => queryClient.invalidateQueries({ queryKey: botSettingsKey(paths.chatbot, domainId) });
}

const put = async (url: string, body: unknown) => (await http.put<BotSettings>(url, body)).data;

export const saveChatbot = (input: ChatbotInput, avatar?: File, paths: SettingsPaths = DOMAIN_SETTINGS_PATHS) => {
  if (!avatar) return put(paths.chatbot, input);
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) if (value != null) form.append(key, String(value));
  form.append('avatar', avatar);
  return put(paths.chatbot, form);
};
export const saveAvatar = (domainId: string, avatar: File, paths: SettingsPaths = DOMAIN_SETTINGS_PATHS) => {
  const form = new FormData();
  form.append('domainId', domainId);
  form.append('avatar', avatar);
  return put(paths.avatar, form);
};
export const savePrompt = (input: SystemPromptInput, paths: SettingsPaths = DOMAIN_SETTINGS_PATHS) =>
  put(paths.systemPrompt, input);
export const saveParameters = (input: BotParametersInput, paths: SettingsPaths = DOMAIN_SETTINGS_PATHS) =>
  put(paths.botParameters, input);

export type QuestionKind = 'helpdesk' | 'filter';
export const QUESTION_PATHS = {
  helpdesk: DOMAIN_SETTINGS_PATHS.helpdesk,
  filter: DOMAIN_SETTINGS_PATHS.filter!,
} as const;

export const addQuestion = async (
  kind: QuestionKind,
  input: HelpdeskQuestionInput | FilterQuestionInput,
  paths: QuestionPaths = QUESTION_PATHS[kind],
) => (await http.post(paths.add, input)).data;
export const deleteQuestion = async (
  kind: QuestionKind,
  questionId: string,
  paths: QuestionPaths = QUESTION_PATHS[kind],
) => (await http.delete(paths.list, { query: { questionId } })).data;

/** The domain's filter questions (the inbox filters by their answers); a domain has a handful. */
export function useFilterQuestions(domainId: string) {
  const { query } = useCustom<FilterQuestion[]>({
    url: CHAT_API.filter,
    method: 'get',
    config: { query: { domainId, page: 1, perPage: 100 } },
    queryOptions: { enabled: Boolean(domainId) },
    errorNotification: false,
  });
  return { questions: query.data?.data ?? (query.isError ? [] : null) };
}

/**
 * The domain's contacts (by state, archived, and a filter question's answer), re-read when the
 * live channel names a change (or resyncs after a reconnect).
 */
export function useContacts(
  domainId: string,
  state: ConversationState | undefined,
  archived: boolean,
  answered: { question: string; answer: string } | null = null,
) {
  const { query } = useCustom<Contact[]>({
    url: CHAT_API.contacts,
    method: 'get',
    config: { query: { domainId, state, archived: String(archived), ...answered } },
    queryOptions: { enabled: Boolean(domainId) },
    errorNotification: false,
  });
  useSubscription({
    channel: `resources/${CONVERSATIONS_LIVE_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: CONVERSATIONS_LIVE_RESOURCE },
    // refetch() runs even while the query is disabled: before the domains have loaded (no
    // domainId yet) a live event would ask for the contacts of no domain (a 400).
    onLiveEvent: () => {
      if (domainId) void query.refetch();
    },
  });
  return { contacts: query.data?.data ?? null, query };
}

const room = (domainId: string, id: string) => fill(CHAT_API.liveStatus, { domainId, chatRoomId: id });
const messagesPath = (domainId: string, id: string) => fill(CHAT_API.chatMessages, { domainId, chatRoomId: id });

export const readAfter = async (domainId: string, id: string, after: number) =>
  (await http.get<MessagesAfter>(messagesPath(domainId, id), { query: { after } })).data;
export const reply = async (domainId: string, id: string, text: string) =>
  (await http.post<MessagesAfter>(messagesPath(domainId, id), { text })).data;
/** A member is typing a reply (true) or stopped (false): the visitor's widget shows it. */
export const sendTyping = async (domainId: string, id: string, typing: boolean) =>
  (await http.post(fill(CHAT_API.chatTyping, { domainId, chatRoomId: id }), { typing })).data;
export const setLiveStatus = async (domainId: string, id: string, status: LiveStatus) =>
  (await http.patch<MessagesAfter>(room(domainId, id), { status })).data;
export const archiveChats = async (domainId: string, chatIds: string[]) =>
  (await http.post<{ ids: string[] }>(CHAT_API.archive, { domainId, chatIds })).data;
export const deleteChats = async (domainId: string, chatIds: string[]) =>
  (await http.delete<{ ids: string[] }>(fill(CHAT_API.chats, { domainId }), { query: { chatIds: chatIds.join(',') } }))
    .data;
