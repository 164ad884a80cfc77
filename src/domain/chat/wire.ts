/**
 * The live chat's answers as both sides read them: the server's response schemas
 * (server/modules/chat/chat-out.ts) are checked against these types, and the inbox, the settings
 * page and the widget read them.
 */
import type { ANSWER_LENGTHS, Author, ConversationState, HANDOVER, SystemEvent, TONES } from './rules';

export interface BotSettings {
  domainId: string;
  /** The domain's name as people read it. */
  domainName: string;
  name: string;
  greeting: string;
  avatarUrl: string | null;
  systemPrompt: string;
  useDocuments: boolean;
  tone: (typeof TONES)[number];
  answerLength: (typeof ANSWER_LENGTHS)[number];
  temperature: number;
  handover: (typeof HANDOVER)[number];
  capPerSession: number;
  capPerDay: number;
  capPerIp: number;
  /** When the settings were last saved (the version a save names, rules.ts); null: the defaults, never saved. */
  updatedAt: string | null;
}

export interface HelpdeskEntry {
  id: string;
  question: string;
  answer: string;
  createdAt: string;
}

export interface FilterQuestion {
  id: string;
  question: string;
  choices: string[];
  toPerson: string[];
  createdAt: string;
}

/** What a bot answer rests on: the helpdesk entry it quotes. */
export interface Citation {
  questionId: string;
  question: string;
}

export interface ChatMessage {
  /** The conversation's sequence number: 1, 2, 3… with no gaps; a client asks for "after N". */
  seq: number;
  author: Author;
  /** Who wrote it: the member's name, the bot's name; empty for the visitor and system lines. */
  authorName: string;
  /** Stored and sent as typed: markup is text, never HTML. */
  text: string;
  /** A bot answer that could not be found in the helpdesk (the client offers a person). */
  unsure: boolean;
  citation: Citation | null;
  /** A system line's event (the client words it). */
  event: SystemEvent | null;
  createdAt: string;
}

export interface Contact {
  id: string;
  domainId: string;
  visitorName: string;
  state: ConversationState;
  /** The member who took it over (state human). */
  memberId: string | null;
  memberName: string | null;
  archived: boolean;
  lastSeq: number;
  lastMessage: string;
  lastAuthor: Author | null;
  lastMessageAt: string;
  /** The visitor's messages the business has not read. */
  unread: number;
  /** The filter questions' answers, as asked. */
  answers: { question: string; answer: string }[];
}

/** Messages after a sequence number, with the conversation's state now (the replay after a reconnect). */
export interface MessagesAfter {
  state: ConversationState;
  memberName: string | null;
  lastSeq: number;
  messages: ChatMessage[];
}

/** A visitor's new or resumed conversation. */
export interface VisitorConversation {
  conversationId: string;
  /** Signed: keeps the conversation across visits in the same browser. */
  visitorToken: string;
  botName: string;
  avatarUrl: string | null;
  state: ConversationState;
}
