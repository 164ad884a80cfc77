/**
 * The live chat's rules, shared by the settings page's forms and the server so both refuse the
 * same input with the same message on the same field (docs/architecture.md, "Validation").
 * A conversation is with the bot, waiting for a person, with a member (who took it over) or
 * closed; the state decides who may write (server/modules/chat/conversation-state.ts).
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { pagingQuery } from '../schemas/common';
import { oneLine } from '../schemas/one-line';
import { wholeNumberParam, wholeNumberType } from '../schemas/whole-number';
import { UUID_PATTERN } from '../uuid';
import { decimalNumberType } from '../schemas/typed-number';

export const CONVERSATION_STATES = ['bot', 'waiting', 'human', 'closed'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

/** PATCH live status: take over (human), hand back to the bot, or close. */
export const LIVE_STATUSES = ['human', 'bot', 'closed'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

export const AUTHORS = ['visitor', 'bot', 'member', 'system'] as const;
export type Author = (typeof AUTHORS)[number];

/** What a system line says (the client words it in the reader's language). */
export const SYSTEM_EVENTS = ['waiting', 'tookOver', 'handedBack', 'closed', 'botFailed'] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

export const TONES = ['friendly', 'formal', 'concise'] as const;
export const ANSWER_LENGTHS = ['short', 'medium', 'long'] as const;
/** When the bot offers a person: only when asked, or also when it cannot answer. */
export const HANDOVER = ['whenUnsure', 'onRequest'] as const;

export const CHAT_LIMITS = {
  /** Longest message; a 10,000-character one is refused (the product brief's bad input). */
  messageMax: 4000,
  questionMax: 500,
  answerMax: 4000,
  promptMax: 4000,
  botNameMax: 60,
  greetingMax: 500,
  choiceMax: 60,
  choicesMax: 10,
  filterAnswerMax: 200,
  visitorNameMax: 100,
  chatIdsMax: 100,
} as const;

const idField = z.string({ error: MESSAGES.idInvalid }).check(z.trim(), z.regex(UUID_PATTERN, MESSAGES.idInvalid));

/** Left out (or null) is the form's empty field, "required", as every schema says it (issue-messages.ts). */
const text = (max: number, required: boolean) =>
  z
    .string({ error: (issue) => (issue.input == null ? MESSAGES.fieldRequired : MESSAGES.mustBeText) })
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, MESSAGES.fieldRequired)] : []),
      z.maxLength(max, formatMessage('textTooLong', { max })),
    );

const intIn = (min: number, max: number) =>
  wholeNumberParam(z.gte(min, formatMessage('tooSmall', { min })), z.lte(max, formatMessage('tooLarge', { max })));

/**
 * A setting's number in a JSON body. Not coerced: coercion read a cleared field (the number
 * field hands null) as 0 and saved it without a word, and read true or [1] as 1. Empty is
 * "required"; text such as "0,7" is "Enter a number" (decimalNumberType).
 */
const notANumber = (input: unknown) => (input == null ? MESSAGES.fieldRequired : MESSAGES.mustBeNumber);
const settingNumber = (...checks: z.core.$ZodCheck<number>[]) => decimalNumberType(notANumber).check(...checks);
/** A whole-number setting (a cap): typed text is "Enter a whole number" (wholeNumberType). */
const settingIntIn = (min: number, max: number) =>
  wholeNumberType(notANumber).check(
    z.int(MESSAGES.mustBeInteger),
    z.gte(min, formatMessage('tooSmall', { min })),
    z.lte(max, formatMessage('tooLarge', { max })),
  );

export const domainQuery = z.object({ domainId: idField });

/**
 * The bot's settings as the page loaded them: their `updatedAt`, or null for the defaults (never
 * saved). If they were saved since (another tab, another person), the server answers 409
 * (botSettingsChangedMeanwhile) and writes nothing, instead of the later save silently undoing
 * the earlier one. Left out (an API script, the demo seed), the save is written as before.
 */
const seenVersion = z.optional(z.nullable(z.iso.datetime({ offset: true, error: MESSAGES.invalidValue })));

/** GET helpdesk / filter questions: the domain's entries, a page at a time. */
export const questionListQuery = z.object({
  ...pagingQuery.shape,
  businessId: z.optional(z.string().check(z.maxLength(64))),
  domainId: idField,
});

export const questionIdQuery = z.object({ questionId: idField });

export const helpdeskQuestionSchema = z.object({
  domainId: idField,
  question: text(CHAT_LIMITS.questionMax, true),
  answer: text(CHAT_LIMITS.answerMax, true),
});
export type HelpdeskQuestionInput = z.infer<typeof helpdeskQuestionSchema>;

/** How a question or a choice is compared with the ones already there: case and runs of spaces aside. */
export const sameWording = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A name shown as one line: the bot's (the widget's header, each answer's author), a visitor's (the
 * inbox, and the owners' bell and push: "{visitor} is waiting"), a choice (a button). The public
 * start call took "Emma\nYour plan has expired…" as a name, and it went to the owners' bell as written.
 */
const oneLineText = (max: number, required: boolean) => text(max, required).check(oneLine());

/** A visitor is offered each choice once: "Table" and "table " would be two buttons meaning one thing. */
const choices = z.array(oneLineText(CHAT_LIMITS.choiceMax, true)).check(
  z.maxLength(CHAT_LIMITS.choicesMax, formatMessage('tooManyItems', { max: CHAT_LIMITS.choicesMax })),
  z.refine((list) => new Set(list.map(sameWording)).size === list.length, MESSAGES.choiceTwice),
);

/**
 * A question asked before the chat. With choices, the visitor picks one; an answer listed in
 * `toPerson` routes the conversation to a person (waiting) instead of the bot.
 */
export const filterQuestionSchema = z
  .object({
    domainId: idField,
    question: text(CHAT_LIMITS.questionMax, true),
    choices: z._default(choices, []),
    toPerson: z._default(choices, []),
  })
  .check(
    z.refine((v) => v.toPerson.every((c) => v.choices.includes(c)), {
      message: MESSAGES.optionInvalid,
      path: ['toPerson'],
    }),
  );
export type FilterQuestionInput = z.infer<typeof filterQuestionSchema>;

export const systemPromptSchema = z.object({
  domainId: idField,
  systemPrompt: text(CHAT_LIMITS.promptMax, false),
  updatedAt: seenVersion,
});
export type SystemPromptInput = z.infer<typeof systemPromptSchema>;

export const botParametersSchema = z
  .object({
    domainId: idField,
    tone: z.enum(TONES, { error: MESSAGES.optionInvalid }),
    answerLength: z.enum(ANSWER_LENGTHS, { error: MESSAGES.optionInvalid }),
    /** Used only where a model is configured; the offline bot is deterministic. */
    temperature: settingNumber(
      z.gte(0, formatMessage('tooSmall', { min: 0 })),
      z.lte(2, formatMessage('tooLarge', { max: 2 })),
    ),
    handover: z.enum(HANDOVER, { error: MESSAGES.optionInvalid }),
    capPerSession: settingIntIn(1, 500),
    capPerDay: settingIntIn(1, 5000),
    capPerIp: settingIntIn(1, 20000),
    updatedAt: seenVersion,
  })
  .check(
    // The caps nest: a conversation's cap above a visitor's daily cap could never be reached (the
    // day's ends it first), and a visitor's daily cap above the daily cap of the address they write
    // from could not either (the address's ends it first). Each is said on the narrower field.
    z.superRefine((v, ctx) => {
      if (v.capPerSession > v.capPerDay)
        ctx.issues.push({
          code: 'custom',
          message: formatMessage('chatCapSessionAboveDay', { max: v.capPerDay.toLocaleString('en-US') }),
          path: ['capPerSession'],
          input: v.capPerSession,
        });
      if (v.capPerDay > v.capPerIp)
        ctx.issues.push({
          code: 'custom',
          message: formatMessage('chatCapDayAboveIp', { max: v.capPerIp.toLocaleString('en-US') }),
          path: ['capPerDay'],
          input: v.capPerDay,
        });
    }),
  );
export type BotParametersInput = z.infer<typeof botParametersSchema>;

/**
 * PUT chatbot: multipart text parts arrive as strings, so the flag reads 'true'/'false' too. The
 * name may be empty, left out or null: no name set, which each visitor reads as the default name
 * in their own language (server/modules/chat/chat-settings.ts BOT_DEFAULTS).
 */
export const chatbotSchema = z.object({
  domainId: idField,
  name: z._default(
    z.pipe(
      z.nullable(oneLineText(CHAT_LIMITS.botNameMax, false)),
      z.transform((v: string | null) => v ?? ''),
    ),
    '',
  ),
  greeting: text(CHAT_LIMITS.greetingMax, false),
  useDocuments: z._default(
    z.pipe(
      z.union([z.boolean(), z.enum(['true', 'false'])], { error: MESSAGES.mustBeBoolean }),
      z.transform((v: boolean | 'true' | 'false') => v === true || v === 'true'),
    ),
    false,
  ),
  updatedAt: seenVersion,
});
export type ChatbotInput = z.infer<typeof chatbotSchema>;
export type ChatbotForm = z.input<typeof chatbotSchema>;

export const messageSchema = z.object({ text: text(CHAT_LIMITS.messageMax, true) });
export type MessageInput = z.infer<typeof messageSchema>;

export const afterQuery = z.object({ after: z._default(intIn(0, 2_000_000_000), 0) });

export const liveStatusSchema = z.object({ status: z.enum(LIVE_STATUSES, { error: MESSAGES.optionInvalid }) });

export const contactsQuery = z.object({
  domainId: idField,
  state: z.optional(z.enum(CONVERSATION_STATES, { error: MESSAGES.optionInvalid })),
  archived: z._default(z.enum(['true', 'false'], { error: MESSAGES.mustBeBoolean }), 'false'),
  /** With `answer`: only conversations whose visitor gave this answer to this filter question (as asked). */
  question: z.optional(text(CHAT_LIMITS.questionMax, false)),
  answer: z.optional(text(CHAT_LIMITS.filterAnswerMax, false)),
});
export type ContactsQuery = z.infer<typeof contactsQuery>;

/** chatIds as the brief sends them: a comma list (query) or a list (body); every id a uuid. */
export const chatIdsField = z.pipe(
  z.union([z.string(), z.array(z.string())], { error: MESSAGES.fieldRequired }),
  z.pipe(
    z.transform((v: string | string[]) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)),
    z
      .array(z.string().check(z.regex(UUID_PATTERN, MESSAGES.idInvalid)))
      .check(
        z.minLength(1, MESSAGES.fieldRequired),
        z.maxLength(CHAT_LIMITS.chatIdsMax, formatMessage('tooManyItems', { max: CHAT_LIMITS.chatIdsMax })),
      ),
  ),
);
export const chatIdsQuery = z.object({ chatIds: chatIdsField });
export const archiveSchema = z.object({ domainId: idField, chatIds: chatIdsField });

/** A visitor starts a conversation: a name if given, and the filter questions' answers. */
export const visitorStartSchema = z.object({
  name: z._default(oneLineText(CHAT_LIMITS.visitorNameMax, false), ''),
  answers: z._default(
    z
      .array(z.object({ questionId: idField, answer: text(CHAT_LIMITS.filterAnswerMax, false) }), {
        error: MESSAGES.invalidInput,
      })
      .check(z.maxLength(20, formatMessage('tooManyItems', { max: 20 }))),
    [],
  ),
});
export type VisitorStartInput = z.input<typeof visitorStartSchema>;

/** POST …/typing (src/domain/chat/typing.ts): `{ typing: true }` started or still typing, `false` stopped. */
export const typingSchema = z.object({ typing: z.boolean({ error: MESSAGES.mustBeBoolean }) });
export type TypingInput = z.infer<typeof typingSchema>;
