/**
 * The in-app support chat (the product brief, sections 1, 4 and 6: "a live support chat widget,
 * loaded for every role except ADMIN and VenueEmployee when the user has a business"; "shown,
 * then hidden and reset on leaving"): the same engine as a domain's live chat, with the
 * platform as the business. Its bot answers from the platform's helpdesk, kept by ADMIN; IT
 * answers as people from their desk; a chat can become a support ticket with its transcript.
 * docs/live-chat.md, "The in-app support chat", says how the platform is modelled.
 *
 * No schema of its own: a message, a live status and a helpdesk entry are the live chat's
 * (rules.ts), so the forms and the server refuse the same input with the same words.
 */
import * as z from 'zod/mini';
import { contactsQuery, type ConversationState } from './rules';
import type { Contact } from './wire';

const BASE = '/api/support-chat';

export const SUPPORT_CHAT_API = {
  // The user's side (SUPPORT_CHAT_ROLES, with a business)
  /** POST: start, or resume the open one. */
  start: `${BASE}/conversations`,
  /** GET ?after=N; POST { text }. */
  messages: `${BASE}/conversations/:conversationId/messages`,
  /** POST: ask for a person. */
  person: `${BASE}/conversations/:conversationId/person`,
  /** POST: turn the chat into a support ticket with its transcript. */
  ticket: `${BASE}/conversations/:conversationId/ticket`,

  // IT's desk
  /** GET ?state&archived: every business's support chats, latest first. */
  deskContacts: `${BASE}/desk/contacts`,
  /** GET ?after=N (marks read); POST { text } (an IT reply: takes the chat over). */
  deskMessages: `${BASE}/desk/:conversationId/messages`,
  /** PATCH { status }: take over, hand back to the bot, close. */
  deskStatus: `${BASE}/desk/:conversationId`,
  /** POST: turn the chat into a support ticket, opened in the user's name. */
  deskTicket: `${BASE}/desk/:conversationId/ticket`,

  // ADMIN: the platform's bot and helpdesk, the same shapes as a domain's
  chatbot: `${BASE}/bot`,
  avatar: `${BASE}/bot/avatar`,
  systemPrompt: `${BASE}/bot/system-prompt`,
  botParameters: `${BASE}/bot/parameters`,
  /** GET ?page&perPage (domainId: PLATFORM_CHAT_ID); DELETE ?questionId. */
  helpdesk: `${BASE}/helpdesk`,
  helpdeskAdd: `${BASE}/helpdesk/add`,
} as const;

/**
 * The platform's bot in the settings' shapes, which name a domain: this id (the nil UUID) stands
 * for "the platform" there. No domain has it; the platform's routes take no other.
 */
export const PLATFORM_CHAT_ID = '00000000-0000-0000-0000-000000000000';

export { hasSupportChat, SUPPORT_CHAT_ADMIN_ROLES, SUPPORT_CHAT_DESK_ROLES, SUPPORT_CHAT_ROLES } from './support-roles';

/** The live channel's resource name: the desk's inbox and a user's open panel re-read on it. */
export const SUPPORT_CHAT_LIVE_RESOURCE = 'supportChats';

/** IT's inbox filter: state and archived, as a domain's inbox filters (there is no domain to name). */
export const deskContactsQuery = z.omit(contactsQuery, { domainId: true });

/** The user's new or resumed support chat. */
export interface SupportChatStart {
  conversationId: string;
  botName: string;
  avatarUrl: string | null;
  state: ConversationState;
  /** The support ticket it was turned into, if any (one per chat). */
  ticketId: string | null;
}

/** The ticket a chat became. */
export interface SupportChatTicket {
  ticketId: string;
  number: number;
}

/** A support chat in IT's inbox: a contact (its `visitorName` names the user and their business) and its ticket. */
export interface SupportContact extends Contact {
  ticketId: string | null;
}
