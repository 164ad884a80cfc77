/**
 * The visitor's side of a conversation (the website widget calls these, public, with its signed
 * visitor token): start or resume a conversation on a domain, write, read after a sequence
 * number, ask for a person. The token's visitor must be the conversation's; anything else
 * answers 404 like a missing conversation. A flood is slowed by the bot's caps (per session,
 * per visitor per day, per IP per day) and a short burst limit, answering 429 with a message.
 */
import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { VisitorStartInput } from '../../../src/domain/chat/rules';
import type { BotSettings, MessagesAfter, VisitorConversation } from '../../../src/domain/chat/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import type { DbOrTx } from '../../db/client';
import { botTurn, toWaiting, type ConversationRef } from './bot-turn';
import { publicBot } from './chat-settings';
import { messagesAfter } from './chat-messages';
import { openOrStart, writeBotMessage, writeMessageIn } from './conversation-state';
import { filtersOf } from './helpdesk-service';
import { announceConversations } from './live';
import { chatConversations, chatMessages } from './tables';
import { verifyVisitor, visitorToken } from './visitor-token';

/** More visitor messages than this within BURST_MS is a flood, whatever the caps. */
export const BURST = { messages: 5, ms: 10_000 };
/**
 * New conversations one IP may start on a domain within the window: a visitor starts one by
 * opening the widget, so more is a script filling the business's inbox (and, with a filter
 * answer that asks for a person, ringing every owner's bell each time).
 */
export const START_BURST = { conversations: 20, ms: 60 * 60_000 };
const DAY_MS = 86_400_000;

const tooMany = (seconds: number) =>
  new HttpError(429, MESSAGES.chatRateLimited, {}, { 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

export async function startConversation(
  app: FastifyInstance,
  domainId: string,
  token: string | undefined,
  input: Required<VisitorStartInput>,
  ip: string,
): Promise<VisitorConversation> {
  const { db } = app.ctx.database;
  const bot = await publicBot(db, domainId);
  if (!bot) throw notFound();
  const known = await verifyVisitor(app, domainId, token);
  const { visitorId, token: signed } = known ? { visitorId: known, token: token! } : await visitorToken(app, domainId);
  const answer = (c: typeof chatConversations.$inferSelect): VisitorConversation => ({
    conversationId: c.id,
    visitorToken: signed,
    botName: bot.settings.name,
    avatarUrl: bot.settings.avatarUrl,
    state: c.state,
  });
  const openConversation = async (tx: DbOrTx) =>
    (
      await tx
        .select()
        .from(chatConversations)
        .where(
          and(
            eq(chatConversations.domainId, domainId),
            eq(chatConversations.visitorId, visitorId),
            ne(chatConversations.state, 'closed'),
          ),
        )
        .orderBy(desc(chatConversations.createdAt))
        .limit(1)
    )[0];
  const open = await openConversation(db);
  if (open) return answer(open);

  const filters = await filtersOf(db, domainId);
  // A question with choices takes one of them, as the widget offers (the inbox filters on them).
  const offChoice = input.answers.flatMap((a, i) => {
    const f = filters.find((q) => q.id === a.questionId);
    return f && f.choices.length > 0 && !f.choices.includes(a.answer) ? [`answers.${i}.answer`] : [];
  });
  if (offChoice.length)
    throw badRequest(MESSAGES.invalidInput, Object.fromEntries(offChoice.map((k) => [k, MESSAGES.optionInvalid])));
  const answers = filters.flatMap((f) => {
    const given = input.answers.find((a) => a.questionId === f.id);
    return given ? [{ question: f.question, answer: given.answer, toPerson: f.toPerson.includes(given.answer) }] : [];
  });
  const now = new Date(app.ctx.now());
  const started = await openOrStart(db, `visitor:${domainId}:${visitorId}`, openConversation, async (tx) => {
    // Counted under the IP's lock, so starts fired at once are counted one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-start-ip:${domainId}:${ip}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(chatConversations)
      .where(
        and(
          eq(chatConversations.domainId, domainId),
          sql`${chatConversations.visitorIp} = ${ip}`,
          gt(chatConversations.createdAt, new Date(now.getTime() - START_BURST.ms)),
        ),
      );
    if ((recent?.n ?? 0) >= START_BURST.conversations) throw tooMany(START_BURST.ms / 1000);
    const [inserted] = await tx
      .insert(chatConversations)
      .values({
        businessId: bot.domain.businessId,
        domainId,
        visitorId,
        visitorName: input.name,
        visitorIp: ip,
        answers: answers.map(({ question, answer }) => ({ question, answer })),
        createdAt: now,
        lastMessageAt: now,
      })
      .returning();
    return inserted!;
  });
  // Another tab of this visitor started it a moment ago: resume that one.
  if (!started.created) return answer(started.row);
  const created = started.row;
  const ref: ConversationRef = { id: created.id, businessId: created.businessId, domainId, visitorName: input.name };
  if (bot.settings.greeting)
    await writeBotMessage(db, ref.id, { authorName: bot.settings.name, text: bot.settings.greeting }, now);
  // A filter answer that asks for a person routes the conversation to the team from the start.
  if (answers.some((a) => a.toPerson)) await toWaiting(app, ref, 'waiting');
  await announceConversations(app, ref.businessId, [ref.id], 'created');
  const [fresh] = await db.select().from(chatConversations).where(eq(chatConversations.id, ref.id));
  return answer(fresh!);
}

/** The visitor's conversation, or 404 (missing, or another visitor's). */
export async function visitorsConversation(app: FastifyInstance, conversationId: string, token: string | undefined) {
  const [c] = await app.ctx.database.db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  // No domain: an in-app support chat (support-service.ts), never a website visitor's.
  if (!c?.domainId) throw notFound();
  const visitorId = await verifyVisitor(app, c.domainId, token);
  if (visitorId !== c.visitorId) throw notFound();
  return { ...c, domainId: c.domainId };
}

/**
 * The caps of the domain's bot against what this visitor (and its IP) wrote, inside the
 * transaction that writes the message, under the visitor's and then the IP's lock (always in that
 * order): messages fired at once are counted one after the other, not all against the same count.
 */
async function checkCaps(
  app: FastifyInstance,
  tx: DbOrTx,
  c: typeof chatConversations.$inferSelect & { domainId: string },
  caps: Pick<BotSettings, 'capPerSession' | 'capPerDay' | 'capPerIp'>,
  ip: string,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-caps:visitor:${c.visitorId}`}))`);
  if (ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-caps:ip:${ip}`}))`);
  const nowMs = app.ctx.now();
  const dayAgo = new Date(nowMs - DAY_MS);
  const burstFrom = new Date(nowMs - BURST.ms);
  const visitor = eq(chatMessages.author, 'visitor');
  const countWhere = async (where: ReturnType<typeof and>) =>
    (
      await tx
        .select({ n: count() })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
        .where(and(visitor, where))
    )[0]?.n ?? 0;
  const inConversation = eq(chatMessages.conversationId, c.id);
  if ((await countWhere(and(inConversation, gt(chatMessages.createdAt, burstFrom)))) >= BURST.messages)
    throw tooMany(BURST.ms / 1000);
  const { capPerSession, capPerDay, capPerIp } = caps;
  if ((await countWhere(inConversation)) >= capPerSession) throw tooMany(DAY_MS / 1000);
  const today = gt(chatMessages.createdAt, dayAgo);
  if ((await countWhere(and(eq(chatConversations.visitorId, c.visitorId), today))) >= capPerDay)
    throw tooMany(DAY_MS / 1000);
  if (ip && (await countWhere(and(sql`${chatConversations.visitorIp} = ${ip}`, today))) >= capPerIp)
    throw tooMany(DAY_MS / 1000);
}

export async function visitorWrites(
  app: FastifyInstance,
  conversationId: string,
  token: string | undefined,
  text: string,
  ip: string,
): Promise<MessagesAfter> {
  const { db } = app.ctx.database;
  const c = await visitorsConversation(app, conversationId, token);
  if (c.state === 'closed') throw conflict(MESSAGES.chatClosed);
  const bot = await publicBot(db, c.domainId);
  if (!bot) throw notFound();
  const now = new Date(app.ctx.now());
  const written = await db.transaction(async (tx) => {
    await checkCaps(app, tx, c, bot.settings, ip);
    return writeMessageIn(
      tx,
      c.id,
      { author: 'visitor', authorName: c.visitorName, text },
      { when: ['bot', 'waiting', 'human'] },
      now,
    );
  });
  if (!written) throw conflict(MESSAGES.chatClosed);
  if (written.state === 'bot') await botTurn(app, c, text);
  await announceConversations(app, c.businessId, [c.id]);
  return visitorRead(app, conversationId, token, written.seq - 1);
}

export async function visitorRead(
  app: FastifyInstance,
  conversationId: string,
  token: string | undefined,
  after: number,
): Promise<MessagesAfter> {
  const c = await visitorsConversation(app, conversationId, token);
  const messages = await messagesAfter(app.ctx.database.db, c.id, after);
  return { state: c.state, memberName: null, lastSeq: c.lastSeq, messages };
}

/** The visitor asks for a person (the widget's button): waiting, the team's bell rings. */
export async function visitorAsksForPerson(app: FastifyInstance, conversationId: string, token: string | undefined) {
  const c = await visitorsConversation(app, conversationId, token);
  if (await toWaiting(app, c, 'waiting')) await announceConversations(app, c.businessId, [c.id]);
  return visitorRead(app, conversationId, token, 0);
}
