/**
 * The in-app support chat, the user's side (docs/live-chat.md, "The in-app support chat"): a
 * signed-in user with a business starts (or resumes) a chat with the platform, writes, reads
 * after a sequence number, asks for a person. The platform's bot answers from the platform's
 * helpdesk; every message goes through the live chat's engine (conversation-state.ts), so the
 * bot never posts once IT took over. A chat is the user's and their business's: any other
 * caller gets 404, as for a chat that does not exist, and nothing changes.
 */
import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SystemEvent } from '../../../src/domain/chat/rules';
import { SUPPORT_CHAT_DESK_ROLES, type SupportChatStart } from '../../../src/domain/chat/support';
import type { MessagesAfter } from '../../../src/domain/chat/wire';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db, DbOrTx } from '../../db/client';
import { businesses } from '../../db/schema';
import { HttpError, conflict, notFound } from '../../http/errors';
import { createNotification } from '../notifications';
import { answerFromHelpdesk, asksForPerson, UNSURE_TEXT } from './bot';
import { messagesAfter } from './chat-messages';
import { moveState, openOrStart, writeBotMessage, writeMessage } from './conversation-state';
import { memberName } from './inbox-service';
import { announceSupportChat } from './support-live';
import { platformHelpdeskDocs, platformSettings } from './support-settings';
import { chatConversations as c, chatMessages as m } from './tables';
import { BURST } from './visitor-service';

/** The signed-in user and the business they are working in. */
export interface SupportUser {
  userId: string;
  businessId: string;
}

export type SupportChatRow = typeof c.$inferSelect;

const DAY_MS = 86_400_000;

const tooMany = (seconds: number) =>
  new HttpError(429, MESSAGES.chatRateLimited, {}, { 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

/** The user's support chat in this business, or 404 (missing, a website chat, or someone else's). */
export async function usersChat(db: Db, who: SupportUser, id: string): Promise<SupportChatRow> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.id, id), isNull(c.domainId), eq(c.userId, who.userId), eq(c.businessId, who.businessId)));
  if (!row) throw notFound();
  return row;
}

/** Messages after `after`, with the state and who took it over (the replay after a reconnect). */
export async function chatRead(db: Db, chat: SupportChatRow, after: number): Promise<MessagesAfter> {
  const [now] = await db.select().from(c).where(eq(c.id, chat.id));
  return {
    state: now!.state,
    memberName: now!.memberId ? await memberName(db, now!.memberId) : null,
    lastSeq: now!.lastSeq,
    messages: await messagesAfter(db, chat.id, after),
  };
}

const startOut = (row: SupportChatRow, bot: { name: string; avatarUrl: string | null }): SupportChatStart => ({
  conversationId: row.id,
  botName: bot.name,
  avatarUrl: bot.avatarUrl,
  state: row.state,
  ticketId: row.ticketId,
});

/** The user's open support chat in this business, or a new one (greeted by the platform's bot). */
export async function startSupportChat(app: FastifyInstance, who: SupportUser): Promise<SupportChatStart> {
  const { db } = app.ctx.database;
  const bot = await platformSettings(db);
  const openChat = async (tx: DbOrTx) =>
    (
      await tx
        .select()
        .from(c)
        .where(
          and(isNull(c.domainId), eq(c.userId, who.userId), eq(c.businessId, who.businessId), ne(c.state, 'closed')),
        )
        .orderBy(desc(c.createdAt))
        .limit(1)
    )[0];
  const open = await openChat(db);
  if (open) return startOut(open, bot);
  const [business] = await db
    .select({ name: businesses.companyName })
    .from(businesses)
    .where(eq(businesses.id, who.businessId));
  const person = await memberName(db, who.userId);
  const now = new Date(app.ctx.now());
  const { row, created } = await openOrStart(db, `support:${who.userId}:${who.businessId}`, openChat, async (tx) => {
    const [inserted] = await tx
      .insert(c)
      .values({
        businessId: who.businessId,
        domainId: null,
        visitorId: who.userId,
        userId: who.userId,
        // IT reads whom it helps, and for which business, in its inbox.
        visitorName: business ? `${person} (${business.name})` : person,
        createdAt: now,
        lastMessageAt: now,
      })
      .returning();
    return inserted!;
  });
  // Another tab started it a moment ago: resume that one (its greeting is that tab's to write).
  if (!created) return startOut(row, bot);
  if (bot.greeting) await writeBotMessage(db, row.id, { authorName: bot.name, text: bot.greeting }, now);
  await announceSupportChat(app, row, 'created');
  const [fresh] = await db.select().from(c).where(eq(c.id, row.id));
  return startOut(fresh!, bot);
}

/** The platform bot's caps against what this user wrote: a burst, per chat, per user per day. */
async function checkCaps(app: FastifyInstance, chat: SupportChatRow) {
  const { db } = app.ctx.database;
  const { capPerSession, capPerDay } = await platformSettings(db);
  const nowMs = app.ctx.now();
  const userWrote = (where: ReturnType<typeof and>) =>
    db
      .select({ n: count() })
      .from(m)
      .innerJoin(c, eq(c.id, m.conversationId))
      .where(and(eq(m.author, 'visitor'), where))
      .then((rows) => rows[0]?.n ?? 0);
  const inChat = eq(m.conversationId, chat.id);
  if ((await userWrote(and(inChat, gt(m.createdAt, new Date(nowMs - BURST.ms))))) >= BURST.messages)
    throw tooMany(BURST.ms / 1000);
  if ((await userWrote(inChat)) >= capPerSession) throw tooMany(DAY_MS / 1000);
  const today = gt(m.createdAt, new Date(nowMs - DAY_MS));
  if ((await userWrote(and(isNull(c.domainId), eq(c.userId, chat.userId!), today))) >= capPerDay)
    throw tooMany(DAY_MS / 1000);
}

/**
 * IT, who answers support chats: the bell, and a web push to its subscribed browsers that opens
 * the chat on its desk (the notifications module's createNotification does both), addressed to
 * the desk's roles, so no business's account ever receives it.
 */
async function ringDesk(app: FastifyInstance, chat: SupportChatRow) {
  for (const role of SUPPORT_CHAT_DESK_ROLES)
    await createNotification(app, {
      audience: 'role',
      role,
      notice: 'supportChatWaiting',
      params: { visitor: chat.visitorName },
      type: 'message',
      url: `/support_chat?open=${chat.id}`,
    }).catch((err: unknown) => app.log.warn({ err }, 'could not ring the bell for a waiting support chat'));
}

/** Moves a chat with the bot to waiting for a person (IT's inbox shows it live, IT's bell rings); false when it was not with the bot. */
async function toWaiting(app: FastifyInstance, chat: SupportChatRow, event: SystemEvent) {
  const now = new Date(app.ctx.now());
  const moved = await moveState(
    app.ctx.database.db,
    chat.id,
    event,
    { state: 'waiting', memberId: null },
    ['bot'],
    now,
  );
  if (moved) await ringDesk(app, chat);
  return moved !== null;
}

/** The platform bot's turn: a person when asked, else the platform helpdesk's answer, cited, or "cannot answer". */
async function supportBotTurn(app: FastifyInstance, chat: SupportChatRow, message: string) {
  const { db } = app.ctx.database;
  if (asksForPerson(message)) {
    await toWaiting(app, chat, 'waiting');
    return;
  }
  try {
    const bot = await platformSettings(db);
    const answer = answerFromHelpdesk(await platformHelpdeskDocs(db), message);
    const now = new Date(app.ctx.now());
    if (answer.kind === 'answer') {
      const { entry } = answer;
      const citation = { questionId: entry.id, question: entry.question };
      await writeBotMessage(db, chat.id, { authorName: bot.name, text: entry.answer, citation }, now);
      return;
    }
    const written = await writeBotMessage(db, chat.id, { authorName: bot.name, text: UNSURE_TEXT, unsure: true }, now);
    if (written && bot.handover === 'whenUnsure') await toWaiting(app, chat, 'waiting');
  } catch (err) {
    app.log.warn({ err, conversationId: chat.id }, 'the support bot failed; the chat waits for a person');
    await toWaiting(app, chat, 'botFailed');
  }
}

/** The user writes; answers the messages from theirs on (the bot's answer included). */
export async function userWrites(app: FastifyInstance, who: SupportUser, id: string, text: string) {
  const { db } = app.ctx.database;
  const chat = await usersChat(db, who, id);
  if (chat.state === 'closed') throw conflict(MESSAGES.chatClosed);
  await checkCaps(app, chat);
  const now = new Date(app.ctx.now());
  const written = await writeMessage(
    db,
    chat.id,
    { author: 'visitor', authorId: who.userId, authorName: await memberName(db, who.userId), text },
    { when: ['bot', 'waiting', 'human'] },
    now,
  );
  if (!written) throw conflict(MESSAGES.chatClosed);
  if (written.state === 'bot') await supportBotTurn(app, chat, text);
  await announceSupportChat(app, chat);
  return chatRead(db, chat, written.seq - 1);
}

/** The user asks for a person (the panel's button): the chat waits for IT. */
export async function userAsksForPerson(app: FastifyInstance, who: SupportUser, id: string) {
  const chat = await usersChat(app.ctx.database.db, who, id);
  if (await toWaiting(app, chat, 'waiting')) await announceSupportChat(app, chat);
  return chatRead(app.ctx.database.db, chat, 0);
}
