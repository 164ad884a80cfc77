/**
 * The bot's turn after a visitor's message: a request for a person moves the conversation to
 * waiting; otherwise the helpdesk answers (bot.ts), cited, or the bot says it cannot answer and
 * offers a person — and, when its parameters say to hand over when unsure, the conversation
 * waits for one. A failure moves it to waiting with a visible system line. Every bot message is
 * written with `writeBotMessage`, which refuses it once a person has taken over.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SystemEvent } from '../../../src/domain/chat/rules';
import { users } from '../../db/schema';
import { createNotification } from '../notifications';
import { answerFromHelpdesk, asksForPerson, UNSURE_TEXT } from './bot';
import { botRow } from './chat-settings';
import { moveState, writeBotMessage } from './conversation-state';
import { helpdeskDocs } from './helpdesk-service';

export interface ConversationRef {
  id: string;
  businessId: string;
  domainId: string;
  visitorName: string;
}

/**
 * The business's people who answer (CLUBOWNER and USER accounts): the bell, and a web push to
 * their subscribed browsers that opens the conversation in the inbox (the notifications module's
 * createNotification does both).
 */
async function ringOwners(app: FastifyInstance, conversation: ConversationRef) {
  const owners = await app.ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, conversation.businessId), inArray(users.role, ['CLUBOWNER', 'USER'])));
  const who = conversation.visitorName;
  for (const owner of owners)
    await createNotification(app, {
      audience: 'user',
      userId: owner.id,
      ...(who ? { notice: 'chatWaiting', params: { visitor: who } } : { notice: 'chatWaitingAnonymous' }),
      type: 'message',
      url: `/conversations?domain=${conversation.domainId}&open=${conversation.id}`,
    }).catch((err: unknown) => app.log.warn({ err }, 'could not ring the bell for a waiting chat'));
}

/** Moves a conversation with the bot to waiting for a person; false when it was not with the bot. */
export async function toWaiting(app: FastifyInstance, conversation: ConversationRef, event: SystemEvent) {
  const now = new Date(app.ctx.now());
  const moved = await moveState(
    app.ctx.database.db,
    conversation.id,
    event,
    { state: 'waiting', memberId: null },
    ['bot'],
    now,
  );
  if (moved) await ringOwners(app, conversation);
  return moved !== null;
}

/** Answers the visitor's message as the bot (or hands over); nothing is written once a person took over. */
export async function botTurn(app: FastifyInstance, conversation: ConversationRef, message: string): Promise<void> {
  const { db } = app.ctx.database;
  if (asksForPerson(message)) {
    await toWaiting(app, conversation, 'waiting');
    return;
  }
  try {
    const settings = await botRow(db, conversation.domainId);
    const answer = answerFromHelpdesk(await helpdeskDocs(db, conversation.domainId), message);
    const now = new Date(app.ctx.now());
    // No name set: the reader's screen words the default in their language (chat-settings.ts BOT_DEFAULTS).
    const authorName = settings?.name ?? '';
    if (answer.kind === 'answer') {
      const { entry } = answer;
      await writeBotMessage(
        db,
        conversation.id,
        { authorName, text: entry.answer, citation: { questionId: entry.id, question: entry.question } },
        now,
      );
      return;
    }
    const written = await writeBotMessage(db, conversation.id, { authorName, text: UNSURE_TEXT, unsure: true }, now);
    if (written && (settings?.handover ?? 'whenUnsure') === 'whenUnsure') await toWaiting(app, conversation, 'waiting');
  } catch (err) {
    app.log.warn({ err, conversationId: conversation.id }, 'the chat bot failed; the conversation waits for a person');
    await toWaiting(app, conversation, 'botFailed');
  }
}
