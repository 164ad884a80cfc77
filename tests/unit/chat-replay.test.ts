// @vitest-environment node
/**
 * The inbox keeps a conversation by sequence number (src/custom/chat/use-conversation.ts): answers
 * that overlap (a live event and a reconnect's resync asking at once, or a reply's own answer)
 * add each message once, in order, and the state shown is the latest answer's.
 */
import { describe, expect, it } from 'vitest';
import { merge, type ConversationView } from '../../src/custom/chat/use-conversation';
import type { ChatMessage, MessagesAfter } from '../../src/domain/chat/wire';

const message = (seq: number): ChatMessage => ({
  seq,
  author: 'visitor',
  authorName: '',
  text: `m${seq}`,
  unsure: false,
  citation: null,
  event: null,
  createdAt: '2026-11-29T08:00:00.000Z',
});
const answer = (from: number, to: number, state: MessagesAfter['state'] = 'bot'): MessagesAfter => ({
  state,
  memberName: null,
  lastSeq: to,
  messages: Array.from({ length: to - from + 1 }, (_, i) => message(from + i)),
});
const EMPTY: ConversationView = { messages: [], state: null, memberName: null, lastSeq: 0 };

describe('replay after a sequence number', () => {
  it('adds 50 missed messages exactly once across overlapping answers, and takes the new state', () => {
    let view = merge(EMPTY, answer(1, 3));
    // Dropped: 50 messages and a takeover happened; a resync and a live event both ask.
    view = merge(view, answer(4, 53, 'human'));
    view = merge(view, answer(2, 53, 'human'));
    expect(view.messages.map((m) => m.seq)).toEqual(Array.from({ length: 53 }, (_, i) => i + 1));
    expect(view).toMatchObject({ state: 'human', lastSeq: 53 });
  });

  it('keeps the same view when an answer brings nothing new', () => {
    const view = merge(EMPTY, answer(1, 2));
    expect(merge(view, answer(1, 2)).messages).toBe(view.messages);
  });
});
