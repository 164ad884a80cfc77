/**
 * The live chat's calls (the product brief, sections 1, 2 and 7: CRM → Helpdesk, chatbot and
 * Chats). The brief names the calls but not their paths; our reading keeps them under the CRM's
 * base, beside the team and the domains (`/api/crmmanagement/...`): Helpdesk POST add, GET list
 * with businessId, domainId and paging, DELETE with questionId, filter questions the same; PUT
 * system prompt; PUT bot parameters; GET and PUT chatbot (multipart); PUT avatar (multipart);
 * Chats GET contacts with domainId, DELETE /{domainId} with chatIds (comma list), POST archive
 * with chatIds, PATCH live status /{domainId}/chatroom/{chatRoomId}. The conversation's messages
 * and a member's reply are ours (the brief shows no body for them), and so is the visitor's side
 * (`/api/chat/public/...`), which a website widget calls with its signed visitor token.
 */
import type { Role } from '../roles';

const CRM = '/api/crmmanagement';

export const CHAT_API = {
  helpdeskAdd: `${CRM}/helpdesk/add`,
  /** GET ?businessId&domainId&page&perPage; DELETE ?questionId. */
  helpdesk: `${CRM}/helpdesk`,
  filterAdd: `${CRM}/filter-questions/add`,
  /** GET ?businessId&domainId&page&perPage; DELETE ?questionId. */
  filter: `${CRM}/filter-questions`,
  systemPrompt: `${CRM}/chatbot/system-prompt`,
  botParameters: `${CRM}/chatbot/parameters`,
  /** GET ?domainId; PUT (multipart: the settings as text parts, optional file part avatar). */
  chatbot: `${CRM}/chatbot`,
  /** PUT (multipart: domainId, file part avatar). */
  avatar: `${CRM}/chatbot/avatar`,
  /** The avatar's bytes (public: a visitor's widget shows it). */
  avatarFile: `${CRM}/chatbot/avatar/:file`,
  /** GET ?domainId[&state][&archived]. */
  contacts: `${CRM}/chats/contacts`,
  /** DELETE ?chatIds=a,b. */
  chats: `${CRM}/chats/:domainId`,
  /** POST { domainId, chatIds }. */
  archive: `${CRM}/chats/archive`,
  /** PATCH { status }: take over, hand back to the bot, close. */
  liveStatus: `${CRM}/chats/:domainId/chatroom/:chatRoomId`,
  /** GET ?after=N (messages after sequence N) and POST { text } (a member's reply). */
  chatMessages: `${CRM}/chats/:domainId/chatroom/:chatRoomId/messages`,
  /** POST { typing }: a member is typing a reply (the visitor's widget shows it). */
  chatTyping: `${CRM}/chats/:domainId/chatroom/:chatRoomId/typing`,

  // The visitor's side (public; the visitor token travels in the x-visitor-token header)
  visitorStart: '/api/chat/public/:domainId/conversations',
  visitorMessages: '/api/chat/public/conversations/:conversationId/messages',
  visitorPerson: '/api/chat/public/conversations/:conversationId/person',
  /**
   * GET ?after=N: the widget's live connection (server-sent events): what came after N and the
   * state now, then every change as it happens (docs/live-chat.md, "The widget's live connection").
   */
  visitorLive: '/api/chat/public/conversations/:conversationId/live',
  /** POST { typing }: the visitor is typing (the inbox shows it). */
  visitorTyping: '/api/chat/public/conversations/:conversationId/typing',
} as const;

export const fill = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** Who keeps a domain's bot and answers its conversations (routes conversations*: CLUBOWNER, USER). */
export const CHAT_ROLES: Role[] = ['CLUBOWNER', 'USER'];

/** The live channel's resource name: an open inbox re-reads on it. */
export const CONVERSATIONS_LIVE_RESOURCE = 'conversations';

/** A visitor's call (routing is case-insensitive): the website widget makes these from other sites. */
export const isVisitorChatPath = (url: string) => url.toLowerCase().startsWith('/api/chat/public/');

/** The header a visitor's calls carry their signed token in. */
export const VISITOR_TOKEN_HEADER = 'x-visitor-token';
