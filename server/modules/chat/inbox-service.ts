/**
 * An inbox of conversations, for a scope: a business's domain (the conversations inbox, the
 * product brief, section 7, Chats: its members) or the platform (the in-app support chats, IT's
 * desk: docs/live-chat.md, "The in-app support chat"). The contacts with their last message,
 * unread count and state; a conversation's messages after a sequence number (read marks it read);
 * a member's reply, which takes it over (the bot stops); the live status (take over, hand back to
 * the bot, close); for a domain, archive and delete in bulk. A domain's calls are scoped to the
 * caller's business and the named domain: ids of another business's chats match no row and change
 * nothing; the platform's are every business's support chats, never a website visitor's.
 */
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ConversationState, LiveStatus, SystemEvent } from '../../../src/domain/chat/rules';
import { PLATFORM_CHAT_ID, type SupportContact } from '../../../src/domain/chat/support';
import type { MessagesAfter } from '../../../src/domain/chat/wire';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ownDomain } from './chat-settings';
import { messagesAfter } from './chat-messages';
import { moveState, writeMessage } from './conversation-state';
import { chatConversations as c, chatMessages as m } from './tables';

/** Whose conversations: a business's domain, or the platform's support chats (no domain). */
export type InboxScope = { kind: 'domain'; businessId: string; domainId: string } | { kind: 'platform' };
export const domainInbox = (businessId: string, domainId: string): InboxScope => ({
  kind: 'domain',
  businessId,
  domainId,
});
export const PLATFORM_INBOX: InboxScope = { kind: 'platform' };

export type ConversationRow = typeof c.$inferSelect;

const CONTACTS_MAX = 200;

/** The rows a scope holds. */
const held = (scope: InboxScope) =>
  scope.kind === 'domain'
    ? and(eq(c.businessId, scope.businessId), eq(c.domainId, scope.domainId))
    : isNull(c.domainId);

export async function memberName(db: Db, userId: string): Promise<string> {
  const [u] = await db
    .select({ name: users.name, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return '';
  return u.name || `${u.first} ${u.last}`.trim() || u.email;
}

export interface ContactsFilter {
  state?: ConversationState;
  archived: 'true' | 'false';
  /** With `answer`: only conversations whose visitor gave this answer to this filter question (as asked). */
  question?: string;
  answer?: string;
}

/** The scope's conversations, latest first (a domain's: 404 when it is not the business's). */
export async function contactsOf(db: Db, scope: InboxScope, q: ContactsFilter): Promise<SupportContact[]> {
  if (scope.kind === 'domain') await ownDomain(db, scope.businessId, scope.domainId);
  // The answers are stored as asked (question and answer text): containment finds the pair.
  const answered =
    q.question && q.answer
      ? sql`${c.answers} @> ${JSON.stringify([{ question: q.question, answer: q.answer }])}::jsonb`
      : undefined;
  // A conversation shows once its visitor has written: opening the widget (or the support panel)
  // alone is not a question, and a list of started-but-empty chats buried the real ones. A website
  // visitor who asked for a person without writing (the widget's button, a filter answer that
  // routes to the team) is waiting for one, and a chat a member took over or closed was seen: they
  // show too. The empty ones are counted nowhere: this list is what the inbox and its counts read.
  const wrote = sql`exists (select 1 from ${m} w where w.conversation_id = ${c.id} and w.author = 'visitor')`;
  const asked = scope.kind === 'platform' ? wrote : or(wrote, ne(c.state, 'bot'));
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
        held(scope),
        asked,
        eq(c.archived, q.archived === 'true'),
        q.state ? eq(c.state, q.state) : undefined,
        answered,
      ),
    )
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(CONTACTS_MAX);
  return rows.map((r) => ({
    id: r.conv.id,
    domainId: scope.kind === 'domain' ? scope.domainId : PLATFORM_CHAT_ID,
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
    // A domain's contacts have no ticket: their answer's schema leaves it out.
    ticketId: r.conv.ticketId,
  }));
}

/** The scope's conversation, or 404 (another business's, or a website chat at the support desk). */
export async function conversationIn(db: Db, scope: InboxScope, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.id, id), held(scope)));
  if (!row) throw notFound();
  return row;
}

/** Messages after `after`, with the state and who took it over (the replay after a reconnect); marks them read. */
export async function memberReads(db: Db, scope: InboxScope, id: string, after: number): Promise<MessagesAfter> {
  const before = await conversationIn(db, scope, id);
  const messages = await messagesAfter(db, id, after);
  const seen = messages.at(-1)?.seq ?? before.lastSeq;
  await db
    .update(c)
    .set({ readSeq: sql`greatest(${c.readSeq}, ${seen})` })
    .where(eq(c.id, id));
  const [now] = await db.select().from(c).where(eq(c.id, id));
  return {
    state: now!.state,
    memberName: now!.memberId ? await memberName(db, now!.memberId) : null,
    lastSeq: now!.lastSeq,
    messages,
  };
}

/**
 * A member's reply: the member takes the conversation over (the bot stops) if it was not theirs.
 * Answers the conversation as it was before (its `lastSeq`): the reply's answer reads from there,
 * so the "took over" line written just before the reply reaches the screen with it.
 */
export async function memberReplies(db: Db, scope: InboxScope, userId: string, id: string, text: string, now: Date) {
  const conv = await conversationIn(db, scope, id);
  if (conv.state === 'closed') throw conflict(MESSAGES.chatClosed);
  const name = await memberName(db, userId);
  if (conv.state !== 'human' || conv.memberId !== userId)
    await moveState(db, id, 'tookOver', { state: 'human', memberId: userId }, ['bot', 'waiting', 'human'], now, name);
  const written = await writeMessage(
    db,
    id,
    { author: 'member', authorId: userId, authorName: name, text },
    { when: ['human'], read: true },
    now,
  );
  if (!written) throw conflict(MESSAGES.chatClosed);
  return { conv, seq: written.seq };
}

const STATUS_EVENT: Record<LiveStatus, SystemEvent> = { human: 'tookOver', bot: 'handedBack', closed: 'closed' };

/**
 * The live status: take over, hand back to the bot, close (a system line says which, and who).
 * Answers the conversation as it was before, so the caller can read what the change wrote.
 */
export async function setLiveStatus(
  db: Db,
  scope: InboxScope,
  userId: string,
  id: string,
  status: LiveStatus,
  now: Date,
): Promise<ConversationRow> {
  const conv = await conversationIn(db, scope, id);
  const memberId = status === 'human' ? userId : null;
  if (conv.state === status && conv.memberId === memberId) return conv;
  const name = await memberName(db, userId);
  const from: ConversationState[] = ['bot', 'waiting', 'human', 'closed'];
  await moveState(db, id, STATUS_EVENT[status], { state: status, memberId }, from, now, name);
  return conv;
}

/** Deletes the business's chats among the ids on the domain; answers the ids deleted. */
export async function deleteChats(db: Db, businessId: string, domainId: string, ids: string[]) {
  await ownDomain(db, businessId, domainId);
  const gone = await db
    .delete(c)
    .where(and(held(domainInbox(businessId, domainId)), inArray(c.id, ids)))
    .returning({ id: c.id });
  return gone.map((g) => g.id);
}

export async function archiveChats(db: Db, businessId: string, domainId: string, ids: string[]) {
  await ownDomain(db, businessId, domainId);
  const done = await db
    .update(c)
    .set({ archived: true })
    .where(and(held(domainInbox(businessId, domainId)), inArray(c.id, ids)))
    .returning({ id: c.id });
  return done.map((d) => d.id);
}
