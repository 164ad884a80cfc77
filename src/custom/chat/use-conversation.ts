/**
 * One conversation's messages on screen, kept by sequence number (docs/live-chat.md, "No message
 * lost"): the first read asks for everything after 0; every live event naming the conversation,
 * and the live channel's resync after a reconnect, asks for what came after the last number held.
 * A message is added only once (its number is above the last held), so overlapping answers never
 * show one twice, and the state shown is the one the latest answer carried.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSubscription } from '@refinedev/core';
import { CONVERSATIONS_LIVE_RESOURCE } from '../../domain/chat/api';
import type { ConversationState } from '../../domain/chat/rules';
import type { ChatMessage, MessagesAfter } from '../../domain/chat/wire';
import { setTyping } from '../../providers/live/typing-store';
import { readAfter } from './chat-api';

export interface ConversationView {
  messages: ChatMessage[];
  state: ConversationState | null;
  memberName: string | null;
  lastSeq: number;
}

const EMPTY: ConversationView = { messages: [], state: null, memberName: null, lastSeq: 0 };

/** Adds the answer's messages after the last one held; the state is the answer's. */
export function merge(view: ConversationView, answer: MessagesAfter): ConversationView {
  const fresh = answer.messages.filter((m) => m.seq > view.lastSeq);
  const messages = fresh.length ? [...view.messages, ...fresh] : view.messages;
  return {
    messages,
    state: answer.state,
    memberName: answer.memberName,
    lastSeq: messages.at(-1)?.seq ?? view.lastSeq,
  };
}

export function useConversation(domainId: string, id: string | null, onNew?: () => void) {
  const [view, setView] = useState<ConversationView>(EMPTY);
  const [failed, setFailed] = useState(false);
  const held = useRef(EMPTY);
  const current = useRef(id);
  current.current = id;

  const seen = useRef(onNew);
  seen.current = onNew;

  const take = useCallback((forId: string, answer: MessagesAfter) => {
    if (current.current !== forId) return;
    const before = held.current.lastSeq;
    held.current = merge(held.current, answer);
    setView(held.current);
    // The visitor's message ends their typing (they send no "stopped" for it: src/domain/chat/typing.ts).
    if (answer.messages.some((m) => m.seq > before && m.author === 'visitor')) setTyping(null, forId);
    // Reading marks them read on the server: the contacts' unread counts and last lines change.
    if (held.current.lastSeq !== before) seen.current?.();
  }, []);

  const catchUp = useCallback(async () => {
    const forId = current.current;
    if (!forId || !domainId) return;
    try {
      take(forId, await readAfter(domainId, forId, held.current.lastSeq));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [domainId, take]);

  useEffect(() => {
    held.current = EMPTY;
    setView(EMPTY);
    void catchUp();
  }, [id, catchUp]);

  useSubscription({
    channel: `resources/${CONVERSATIONS_LIVE_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: CONVERSATIONS_LIVE_RESOURCE },
    onLiveEvent: (event) => {
      const ids = (event.payload as { ids?: unknown[] }).ids;
      if (!ids || (id && ids.map(String).includes(id))) void catchUp();
    },
  });

  return { view, failed, take: (answer: MessagesAfter) => id && take(id, answer), catchUp };
}
