/**
 * Every write to a conversation goes through `writeMessage`: one transaction that moves the
 * conversation's `last_seq` on by one (and its state, when the write changes it) in a single
 * UPDATE and inserts the message under that number. The UPDATE names the states the write is
 * allowed in, so the check happens where the message is written, not where it was planned: a
 * bot answer carries `when: ['bot']`, and once a member's takeover has committed, the bot's
 * UPDATE finds no row (PostgreSQL re-reads the WHERE on the row it waited for) and nothing is
 * written — the product brief's handover, enforced by the database's row lock.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Author, ConversationState, SystemEvent } from '../../../src/domain/chat/rules';
import type { Citation } from '../../../src/domain/chat/wire';
import type { Db, DbOrTx } from '../../db/client';
import { chatConversations, chatMessages } from './tables';

export interface NewMessage {
  author: Author;
  authorId?: string | null;
  authorName?: string;
  text: string;
  unsure?: boolean;
  citation?: Citation | null;
  event?: SystemEvent | null;
}

export interface WriteOptions {
  /** The states the write is allowed in; any state when absent. */
  when?: readonly ConversationState[];
  /** The state the conversation moves to with this message. */
  becomes?: { state: ConversationState; memberId: string | null };
  /** The business has read it (a member's own message). */
  read?: boolean;
}

export interface Written {
  seq: number;
  businessId: string;
  state: ConversationState;
}

/**
 * The open conversation `find` reads, or the one `create` inserts, under a lock on `key` (the
 * visitor, or the user and their business): a start from two tabs at the same moment resumes one
 * conversation instead of opening two. The lock, not a unique index, because a member may reopen
 * a closed conversation while its visitor has a newer one open.
 */
export async function openOrStart<T>(
  db: Db,
  key: string,
  find: (tx: DbOrTx) => Promise<T | undefined>,
  create: (tx: DbOrTx) => Promise<T>,
): Promise<{ row: T; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-start:${key}`}))`);
    const open = await find(tx);
    return open ? { row: open, created: false } : { row: await create(tx), created: true };
  });
}

/**
 * A move is written only by the write that makes it: a second "take over" or "close" (a
 * double-click, two tabs, two replies at once) finds the conversation already there and writes
 * no second line for the visitor to read. `is not distinct from`, so a conversation whose member
 * was deleted (member_id null) can still be taken over.
 */
const notAlready = (to: { state: ConversationState; memberId: string | null }) =>
  sql`not (${chatConversations.state} = ${to.state} and ${chatConversations.memberId} is not distinct from ${to.memberId}::uuid)`;

/** Writes the message as the conversation's next number, or answers null when its state forbids it. */
export async function writeMessage(
  db: Db,
  conversationId: string,
  message: NewMessage,
  options: WriteOptions,
  now: Date,
): Promise<Written | null> {
  return db.transaction((tx) => writeMessageIn(tx, conversationId, message, options, now));
}

/** `writeMessage` inside the caller's transaction (one that checked something first under its locks). */
export async function writeMessageIn(
  tx: DbOrTx,
  conversationId: string,
  message: NewMessage,
  options: WriteOptions,
  now: Date,
): Promise<Written | null> {
  const set: Record<string, unknown> = { lastSeq: sql`${chatConversations.lastSeq} + 1`, lastMessageAt: now };
  if (options.becomes) {
    set.state = options.becomes.state;
    set.memberId = options.becomes.memberId;
  }
  if (options.read) set.readSeq = sql`${chatConversations.lastSeq} + 1`;
  // An archived conversation whose visitor writes again, or that now waits for a person, is back in
  // the inbox: the widget resumes it, and under Archived nobody would see the visitor waiting.
  if (message.author === 'visitor' || options.becomes?.state === 'waiting') set.archived = false;
  const [row] = await tx
    .update(chatConversations)
    .set(set)
    .where(
      and(
        eq(chatConversations.id, conversationId),
        options.when ? inArray(chatConversations.state, [...options.when]) : undefined,
        options.becomes ? notAlready(options.becomes) : undefined,
      ),
    )
    .returning({
      seq: chatConversations.lastSeq,
      businessId: chatConversations.businessId,
      state: chatConversations.state,
    });
  if (!row) return null;
  await tx.insert(chatMessages).values({
    conversationId,
    seq: row.seq,
    author: message.author,
    authorId: message.authorId ?? null,
    authorName: message.authorName ?? '',
    text: message.text,
    unsure: message.unsure ?? false,
    citation: message.citation ?? null,
    event: message.event ?? null,
    createdAt: now,
  });
  return row;
}

/** The bot's message: written only while the conversation is with the bot. */
export const writeBotMessage = (db: Db, conversationId: string, message: Omit<NewMessage, 'author'>, now: Date) =>
  writeMessage(db, conversationId, { ...message, author: 'bot' }, { when: ['bot'] }, now);

/** A system line that moves the state (take over, hand back, waiting, closed). */
export const moveState = (
  db: Db,
  conversationId: string,
  event: SystemEvent,
  becomes: { state: ConversationState; memberId: string | null },
  from: readonly ConversationState[],
  now: Date,
  authorName = '',
) => writeMessage(db, conversationId, { author: 'system', event, text: '', authorName }, { when: from, becomes }, now);
