/**
 * IT's side of the support chat (docs/live-chat.md, "The in-app support chat"): every business's
 * support chats with their last message, unread count and state; read (marks read), reply as a
 * person (which takes the chat over: the bot stops), take over, hand back to the bot, close —
 * the live chat's engine, as a business's members use it in their inbox.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ConversationState, LiveStatus, SystemEvent } from '../../../src/domain/chat/rules';
import { PLATFORM_CHAT_ID, type SupportContact } from '../../../src/domain/chat/support';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { moveState, writeMessage } from './conversation-state';
import { memberName } from './inbox-service';
import { chatRead, type SupportChatRow } from './support-service';
import { chatConversations as c, chatMessages as m } from './tables';

const CONTACTS_MAX = 200;

export async function deskContacts(
  db: Db,
  q: { state?: ConversationState; archived: 'true' | 'false' },
): Promise<SupportContact[]> {
  const rows = await db
    .select({
      conv: c,
      lastText: m.text,
      lastAuthor: m.author,
      memberName: users.name,
      memberEmail: users.email,
      unread: sql<number>`(select count(*)::int from ${m} u where u.conversation_id = ${c.id}
        and u.seq > ${c.readSeq} and u.author = 'visitor')`,
    })
    .from(c)
    .leftJoin(m, and(eq(m.conversationId, c.id), eq(m.seq, c.lastSeq)))
    .leftJoin(users, eq(users.id, c.memberId))
    .where(
      and(
        isNull(c.domainId),
        // A chat shows once its user has written: opening the panel alone is not a question.
        sql`exists (select 1 from ${m} w where w.conversation_id = ${c.id} and w.author = 'visitor')`,
        eq(c.archived, q.archived === 'true'),
        q.state ? eq(c.state, q.state) : undefined,
      ),
    )
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(CONTACTS_MAX);
  return rows.map((r) => ({
    id: r.conv.id,
    domainId: PLATFORM_CHAT_ID,
    visitorName: r.conv.visitorName,
    state: r.conv.state,
    memberId: r.conv.memberId,
    memberName: r.conv.memberId ? r.memberName || r.memberEmail || '' : null,
    archived: r.conv.archived,
    lastSeq: r.conv.lastSeq,
    lastMessage: r.lastText ?? '',
    lastAuthor: r.lastAuthor ?? null,
    lastMessageAt: r.conv.lastMessageAt.toISOString(),
    unread: Number(r.unread),
    answers: r.conv.answers,
    ticketId: r.conv.ticketId,
  }));
}

/** A support chat (any business's: the desk helps them all), or 404 — a website visitor's chat is not one. */
export async function deskChat(db: Db, id: string): Promise<SupportChatRow> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.id, id), isNull(c.domainId)));
  if (!row) throw notFound();
  return row;
}

export async function deskReads(db: Db, id: string, after: number) {
  const chat = await deskChat(db, id);
  const answer = await chatRead(db, chat, after);
  const seen = answer.messages.at(-1)?.seq ?? chat.lastSeq;
  await db
    .update(c)
    .set({ readSeq: sql`greatest(${c.readSeq}, ${seen})` })
    .where(eq(c.id, id));
  return answer;
}

/** IT replies as a person: the chat is taken over (the bot stops) if it was not theirs. */
export async function deskReplies(db: Db, userId: string, id: string, text: string, now: Date) {
  const chat = await deskChat(db, id);
  if (chat.state === 'closed') throw conflict(MESSAGES.chatClosed);
  const name = await memberName(db, userId);
  if (chat.state !== 'human' || chat.memberId !== userId)
    await moveState(db, id, 'tookOver', { state: 'human', memberId: userId }, ['bot', 'waiting', 'human'], now, name);
  const written = await writeMessage(
    db,
    id,
    { author: 'member', authorId: userId, authorName: name, text },
    { when: ['human'], read: true },
    now,
  );
  if (!written) throw conflict(MESSAGES.chatClosed);
  return { chat, seq: written.seq };
}

const STATUS_EVENT: Record<LiveStatus, SystemEvent> = { human: 'tookOver', bot: 'handedBack', closed: 'closed' };

/** Take over, hand back to the bot, close (a system line says which, and who). */
export async function deskSetStatus(db: Db, userId: string, id: string, status: LiveStatus, now: Date) {
  const chat = await deskChat(db, id);
  const memberId = status === 'human' ? userId : null;
  if (chat.state !== status || chat.memberId !== memberId) {
    const name = await memberName(db, userId);
    const from: ConversationState[] = ['bot', 'waiting', 'human', 'closed'];
    await moveState(db, id, STATUS_EVENT[status], { state: status, memberId }, from, now, name);
  }
  return chat;
}
