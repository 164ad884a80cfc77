/** The live chat's response schemas, checked against the wire types both sides read. */
import { z } from 'zod';
import {
  ANSWER_LENGTHS,
  AUTHORS,
  CONVERSATION_STATES,
  HANDOVER,
  SYSTEM_EVENTS,
  TONES,
} from '../../../src/domain/chat/rules';
import type {
  BotSettings,
  ChatMessage,
  Contact,
  FilterQuestion,
  HelpdeskEntry,
  MessagesAfter,
  VisitorConversation,
} from '../../../src/domain/chat/wire';
import { assertTrue, type Same } from '../../http/response';

export const settingsOut = z.object({
  domainId: z.string(),
  domainName: z.string(),
  name: z.string(),
  greeting: z.string(),
  avatarUrl: z.string().nullable(),
  systemPrompt: z.string(),
  useDocuments: z.boolean(),
  tone: z.enum(TONES),
  answerLength: z.enum(ANSWER_LENGTHS),
  temperature: z.number(),
  handover: z.enum(HANDOVER),
  capPerSession: z.number().int(),
  capPerDay: z.number().int(),
  capPerIp: z.number().int(),
  updatedAt: z.string().nullable(),
});

export const helpdeskOut = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  createdAt: z.string(),
});

export const filterOut = z.object({
  id: z.string(),
  question: z.string(),
  choices: z.array(z.string()),
  toPerson: z.array(z.string()),
  createdAt: z.string(),
});

export const messageOut = z.object({
  seq: z.number().int(),
  author: z.enum(AUTHORS),
  authorName: z.string(),
  text: z.string(),
  unsure: z.boolean(),
  citation: z.object({ questionId: z.string(), question: z.string() }).nullable(),
  event: z.enum(SYSTEM_EVENTS).nullable(),
  createdAt: z.string(),
});

export const messagesAfterOut = z.object({
  state: z.enum(CONVERSATION_STATES),
  memberName: z.string().nullable(),
  lastSeq: z.number().int(),
  messages: z.array(messageOut),
});

export const contactOut = z.object({
  id: z.string(),
  domainId: z.string(),
  visitorName: z.string(),
  state: z.enum(CONVERSATION_STATES),
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  archived: z.boolean(),
  lastSeq: z.number().int(),
  lastMessage: z.string(),
  lastAuthor: z.enum(AUTHORS).nullable(),
  lastMessageAt: z.string(),
  unread: z.number().int(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});

export const visitorOut = z.object({
  conversationId: z.string(),
  visitorToken: z.string(),
  botName: z.string(),
  avatarUrl: z.string().nullable(),
  state: z.enum(CONVERSATION_STATES),
});

export const idsOut = z.object({ ids: z.array(z.string()) });

assertTrue<Same<z.output<typeof settingsOut>, BotSettings>>();
assertTrue<Same<z.output<typeof helpdeskOut>, HelpdeskEntry>>();
assertTrue<Same<z.output<typeof filterOut>, FilterQuestion>>();
assertTrue<Same<z.output<typeof messageOut>, ChatMessage>>();
assertTrue<Same<z.output<typeof messagesAfterOut>, MessagesAfter>>();
assertTrue<Same<z.output<typeof contactOut>, Contact>>();
assertTrue<Same<z.output<typeof visitorOut>, VisitorConversation>>();
