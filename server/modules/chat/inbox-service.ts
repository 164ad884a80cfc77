/**
 * The conversations inbox (the product brief, section 7, Chats): a domain's contacts with their
 * last message, unread count and state; a conversation's messages after a sequence number (read
 * marks it read); a member's reply; the live status (take over, hand back to the bot, close);
 * archive and delete in bulk. Every call is scoped to the caller's business and the named
 * domain: ids of another business's chats match no row and change nothing.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ContactsQuery, LiveStatus, SystemEvent } from '../../../src/domain/chat/rules';
import type { Contact, MessagesAfter } from '../../../src/domain/chat/wire';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ownDomain } from './chat-settings';
import { messagesAfter } from './chat-messages';
import { moveState, writeMessage } from './conversation-state';
import { chatConversations as c, chatMessages as m } from './tables';

export interface Member {
  userId: string;
  businessId: string;
}

const CONTACTS_MAX = 200;

export async function memberName(db: Db, userId: string): Promise<string> {
  const [u] = await db
    .select({ name: users.name, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return '';
  return u.name || `${u.first} ${u.last}`.trim() || u.email;
}

export async function contactsOf(db: Db, businessId: string, q: ContactsQuery): Promise<Contact[]> {
  await ownDomain(db, businessId, q.domainId);
  // The answers are stored as asked (question and answer text): containment finds the pair.
  const answered =
    q.question && q.answer
      ? sql`${c.answers} @> ${JSON.stringify([{ question: q.question, answer: q.answer }])}::jsonb`
      : undefined;
  const rows = await db
    .select({
      conv: c,
      lastText: m.text,
      lastAuthor: m.author,
      lastEvent: m.event,
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
        eq(c.businessId, businessId),
        eq(c.domainId, q.domainId),
        eq(c.archived, q.archived === 'true'),
        q.state ? eq(c.state, q.state) : undefined,
        answered,
      ),
    )
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(CONTACTS_MAX);
  return rows.map((r) => ({
    id: r.conv.id,
    domainId: q.domainId,
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
  }));
}

/** The business's conversation on the domain, or 404. */
export async function conversationOf(db: Db, businessId: string, domainId: string, id: string) {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.id, id), eq(c.businessId, businessId), eq(c.domainId, domainId)));
  if (!row) throw notFound();
  return row;
}

export async function memberReads(db: Db, businessId: string, domainId: string, id: string, after: number) {
  const before = await conversationOf(db, businessId, domainId, id);
  const messages = await messagesAfter(db, id, after);
  const seen = messages.at(-1)?.seq ?? before.lastSeq;
  await db
    .update(c)
    .set({ readSeq: sql`greatest(${c.readSeq}, ${seen})` })
    .where(eq(c.id, id));
  const [now] = await db.select().from(c).where(eq(c.id, id));
  const answer: MessagesAfter = {
    state: now!.state,
    memberName: now!.memberId ? await memberName(db, now!.memberId) : null,
    lastSeq: now!.lastSeq,
    messages,
  };
  return answer;
}

/** A member's reply: the member takes the conversation over (the bot stops) if it was not theirs. */
export async function memberReplies(db: Db, who: Member, domainId: string, id: string, text: string, now: Date) {
  const conv = await conversationOf(db, who.businessId, domainId, id);
  if (conv.state === 'closed') throw conflict(MESSAGES.chatClosed);
  const name = await memberName(db, who.userId);
  if (conv.state !== 'human' || conv.memberId !== who.userId)
    await moveState(
      db,
      id,
      'tookOver',
      { state: 'human', memberId: who.userId },
      ['bot', 'waiting', 'human'],
      now,
      name,
    );
  const written = await writeMessage(
    db,
    id,
    { author: 'member', authorId: who.userId, authorName: name, text },
    { when: ['human'], read: true },
    now,
  );
  if (!written) throw conflict(MESSAGES.chatClosed);
  return written;
}

const STATUS_EVENT: Record<LiveStatus, SystemEvent> = { human: 'tookOver', bot: 'handedBack', closed: 'closed' };

/** PATCH live status: take over, hand back to the bot, close (a system line says which, and who). */
export async function setLiveStatus(db: Db, who: Member, domainId: string, id: string, status: LiveStatus, now: Date) {
  const conv = await conversationOf(db, who.businessId, domainId, id);
  const memberId = status === 'human' ? who.userId : null;
  if (conv.state === status && conv.memberId === memberId) return conv;
  const name = await memberName(db, who.userId);
  await moveState(
    db,
    id,
    STATUS_EVENT[status],
    { state: status, memberId },
    ['bot', 'waiting', 'human', 'closed'],
    now,
    name,
  );
  return conversationOf(db, who.businessId, domainId, id);
}

/** Deletes the business's chats among the ids on the domain; answers the ids deleted. */
export async function deleteChats(db: Db, businessId: string, domainId: string, ids: string[]) {
  await ownDomain(db, businessId, domainId);
  const gone = await db
    .delete(c)
    .where(and(eq(c.businessId, businessId), eq(c.domainId, domainId), inArray(c.id, ids)))
    .returning({ id: c.id });
  return gone.map((g) => g.id);
}

export async function archiveChats(db: Db, businessId: string, domainId: string, ids: string[]) {
  await ownDomain(db, businessId, domainId);
  const done = await db
    .update(c)
    .set({ archived: true })
    .where(and(eq(c.businessId, businessId), eq(c.domainId, domainId), inArray(c.id, ids)))
    .returning({ id: c.id });
  return done.map((d) => d.id);
}
