/**
 * The live chat (the product brief, sections 1 and 7): a bot per domain with its settings, its
 * helpdesk (question/answer pairs: the bot's knowledge), the filter questions asked before a
 * chat, the conversations and their messages. Written only by this module.
 *
 * A conversation's messages are numbered 1, 2, 3… (`seq`) from its `last_seq`, incremented in
 * the statement that writes each message: a client that saw up to N asks for "after N" and gets
 * every later message exactly once (docs/live-chat.md). The bot's message is written only while
 * the state is `bot`, checked in that same statement (conversation-state.ts).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Author, ConversationState, SystemEvent } from '../../../src/domain/chat/rules';
import type { Citation } from '../../../src/domain/chat/wire';
import { businesses, createdAt, id, users } from '../../db/tables/core';

/** The declared domains table as far as the foreign key needs it (as server/modules/domains/tables.ts). */
const domainsRef = pgTable('email_domains', { id: uuid('id').primaryKey() });

const domainId = () =>
  uuid('domain_id')
    .notNull()
    .references(() => domainsRef.id, { onDelete: 'cascade' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** A bot's settings, the same for a domain's bot and the platform's (chatPlatformBot). */
const botColumns = () => ({
  name: text('name').notNull(),
  greeting: text('greeting').notNull().default(''),
  /** The picture's stored name (storage adapter, the avatars folder). */
  avatarFile: text('avatar_file'),
  systemPrompt: text('system_prompt').notNull().default(''),
  useDocuments: boolean('use_documents').notNull().default(false),
  tone: text('tone').notNull().default('friendly'),
  answerLength: text('answer_length').notNull().default('medium'),
  temperature: doublePrecision('temperature').notNull().default(0.3),
  handover: text('handover').notNull().default('whenUnsure'),
  capPerSession: integer('cap_per_session').notNull().default(50),
  capPerDay: integer('cap_per_day').notNull().default(200),
  capPerIp: integer('cap_per_ip').notNull().default(1000),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A domain's bot; no row yet means the defaults (chat-settings.ts). */
export const chatBots = pgTable('chat_bots', {
  domainId: domainId().primaryKey(),
  businessId: businessId(),
  ...botColumns(),
});

/**
 * The platform's own bot, which answers the in-app support chat (docs/live-chat.md, "The in-app
 * support chat"): one row at most (`id` is always 'platform'), kept by ADMIN. The platform has
 * no business and no domain, so its bot cannot be a chat_bots row; its helpdesk entries are
 * chat_helpdesk rows with neither, and its conversations chat_conversations rows with no domain.
 */
export const chatPlatformBot = pgTable('chat_platform_bot', {
  id: text('id').primaryKey().default('platform'),
  ...botColumns(),
});

export const chatHelpdesk = pgTable(
  'chat_helpdesk',
  {
    id: id(),
    /** Both null: an entry of the platform's helpdesk (the support chat's bot answers from it). */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    domainId: uuid('domain_id').references(() => domainsRef.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_helpdesk_domain_idx').on(t.domainId, t.createdAt)],
);

export const chatFilterQuestions = pgTable(
  'chat_filter_questions',
  {
    id: id(),
    businessId: businessId(),
    domainId: domainId(),
    question: text('question').notNull(),
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    toPerson: jsonb('to_person').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('chat_filter_questions_domain_idx').on(t.domainId, t.createdAt)],
);

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    /** The business whose inbox it is; in the support chat, the business of the user who asks. */
    businessId: businessId(),
    /** Null: the in-app support chat, with the platform (no domain) answering. */
    domainId: uuid('domain_id').references(() => domainsRef.id, { onDelete: 'cascade' }),
    /**
     * The browser's visitor id (signed into its token): the same visitor resumes its conversation.
     * In the support chat, the signed-in user's id (also in userId).
     */
    visitorId: uuid('visitor_id').notNull(),
    /** The support chat's user (null for a website visitor): only they and IT read it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The support ticket this chat was turned into (the support module's; one per chat). */
    ticketId: uuid('ticket_id'),
    visitorName: text('visitor_name').notNull().default(''),
    /** Where the visitor wrote from, for the per-IP cap only. */
    visitorIp: text('visitor_ip').notNull().default(''),
    state: text('state').$type<ConversationState>().notNull().default('bot'),
    /** Who took it over (state human). */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'set null' }),
    lastSeq: integer('last_seq').notNull().default(0),
    /** The business has read up to here (the inbox's unread count). */
    readSeq: integer('read_seq').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    /** The filter questions' answers, as asked. */
    answers: jsonb('answers').$type<{ question: string; answer: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_conversations_inbox_idx').on(t.businessId, t.domainId, t.lastMessageAt),
    index('chat_conversations_visitor_idx').on(t.visitorId),
    index('chat_conversations_ip_idx').on(t.visitorIp, t.lastMessageAt),
    index('chat_conversations_user_idx').on(t.userId, t.businessId),
    // IT's support-chat inbox: every business's support chats, latest first.
    index('chat_conversations_support_idx')
      .on(t.lastMessageAt)
      .where(sql`${t.domainId} is null`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    author: text('author').$type<Author>().notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull().default(''),
    /** As typed: markup is text, never rendered. */
    text: text('text').notNull(),
    unsure: boolean('unsure').notNull().default(false),
    citation: jsonb('citation').$type<Citation>(),
    event: text('event').$type<SystemEvent>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.seq] }), index('chat_messages_time_idx').on(t.createdAt)],
);
