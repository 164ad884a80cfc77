/**
 * The in-app support chat's calls (src/domain/chat/support.ts): the user's chat, IT's desk, and
 * the platform bot's settings paths for the chat area's forms.
 */
import { useCustom, useSubscription } from '@refinedev/core';
import { fill } from '../../domain/chat/api';
import type { ConversationState, LiveStatus } from '../../domain/chat/rules';
import {
  SUPPORT_CHAT_API as API,
  SUPPORT_CHAT_LIVE_RESOURCE,
  type SupportChatStart,
  type SupportChatTicket,
  type SupportContact,
} from '../../domain/chat/support';
import type { MessagesAfter } from '../../domain/chat/wire';
import { http } from '../../providers/http/client';
import type { MessageSource, SettingsPaths } from '../chat';

const room = (path: string, id: string) => fill(path, { conversationId: id });

export const startChat = async () => (await http.post<SupportChatStart>(API.start, {})).data;
export const readChat = async (id: string, after: number) =>
  (await http.get<MessagesAfter>(room(API.messages, id), { query: { after } })).data;
export const sendChat = async (id: string, text: string) =>
  (await http.post<MessagesAfter>(room(API.messages, id), { text })).data;
export const askForPerson = async (id: string) => (await http.post<MessagesAfter>(room(API.person, id), {})).data;
export const chatToTicket = async (id: string) => (await http.post<SupportChatTicket>(room(API.ticket, id), {})).data;

export const deskRead = async (id: string, after: number) =>
  (await http.get<MessagesAfter>(room(API.deskMessages, id), { query: { after } })).data;
export const deskReply = async (id: string, text: string) =>
  (await http.post<MessagesAfter>(room(API.deskMessages, id), { text })).data;
export const deskStatus = async (id: string, status: LiveStatus) =>
  (await http.patch<MessagesAfter>(room(API.deskStatus, id), { status })).data;
export const deskToTicket = async (id: string) =>
  (await http.post<SupportChatTicket>(room(API.deskTicket, id), {})).data;

/** A support chat's messages as its user reads them (the panel) and as IT reads them (the desk). */
export const USER_CHAT: MessageSource = { resource: SUPPORT_CHAT_LIVE_RESOURCE, read: readChat };
export const DESK_CHAT: MessageSource = { resource: SUPPORT_CHAT_LIVE_RESOURCE, read: deskRead };

/** Every business's support chats, re-read when the live channel names a change (or resyncs). */
export function useDeskContacts(state: ConversationState | undefined) {
  const { query } = useCustom<SupportContact[]>({
    url: API.deskContacts,
    method: 'get',
    config: { query: { state } },
    errorNotification: false,
  });
  useSubscription({
    channel: `resources/${SUPPORT_CHAT_LIVE_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: SUPPORT_CHAT_LIVE_RESOURCE },
    onLiveEvent: () => void query.refetch(),
  });
  return { contacts: query.data?.data ?? null, query };
}

/** The platform bot's calls, in the shape the chat area's settings forms save through. */
export const PLATFORM_PATHS: SettingsPaths = {
  chatbot: API.chatbot,
  avatar: API.avatar,
  systemPrompt: API.systemPrompt,
  botParameters: API.botParameters,
  helpdesk: { list: API.helpdesk, add: API.helpdeskAdd },
};
