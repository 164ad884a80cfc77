/** Reading a conversation's messages after a sequence number (the replay a reconnect asks for). */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ChatMessage } from '../../../src/domain/chat/wire';
import type { Db } from '../../db/client';
import { chatMessages } from './tables';

/** At most this many per answer; a client with more to catch up asks again after the last. */
export const REPLAY_MAX = 500;

export const messageOut = (m: typeof chatMessages.$inferSelect): ChatMessage => ({
  seq: m.seq,
  author: m.author,
  authorName: m.authorName,
  text: m.text,
  unsure: m.unsure,
  citation: m.citation ?? null,
  event: m.event ?? null,
  createdAt: m.createdAt.toISOString(),
});

export async function messagesAfter(db: Db, conversationId: string, after: number): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, after)))
    .orderBy(asc(chatMessages.seq))
    .limit(REPLAY_MAX);
  return rows.map(messageOut);
}
