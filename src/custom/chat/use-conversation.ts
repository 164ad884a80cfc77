/**
 * One conversation's messages on screen, kept by sequence number (docs/live-chat.md, "No message
 * lost"), wherever it is read: a domain's inbox, the in-app support chat's panel, IT's desk. The
 * first read asks for everything after 0; every live event naming the conversation, and the live
 * channel's resync after a reconnect, asks for what came after the last number held. A message is
 * added only once (its number is above the last held), so overlapping answers never show one
 * twice, and the state shown is the one the latest answer carried. The messages live only in the
 * hook's state: when its owner unmounts (sign-out, another user, a business switch), they are gone.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSubscription } from '@refinedev/core';
import type { ConversationState } from '../../domain/chat/rules';
import type { ChatMessage, MessagesAfter } from '../../domain/chat/wire';
import { setTyping } from '../../providers/live/typing-store';

export interface ConversationView {
  messages: ChatMessage[];
  state: ConversationState | null;
  memberName: string | null;
  lastSeq: number;
}

/**
 * Where a conversation's messages come from: the live resource whose events name it (a domain's
 * conversations, or the platform's support chats) and the read after a sequence number (a stable
 * function: a new one reads afresh).
 */
export interface MessageSource {
  resource: string;
  read: (id: string, after: number) => Promise<MessagesAfter>;
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

/** The messages of conversation `id` from `source`; `onNew` is told when new ones were read (and so marked read). */
export function useMessageLog({ resource, read }: MessageSource, id: string | null, onNew?: () => void) {
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
    if (held.current.lastSeq !== before) seen.current?.();
  }, []);

  const catchUp = useCallback(async () => {
    const forId = current.current;
    if (!forId) return;
    try {
      take(forId, await read(forId, held.current.lastSeq));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [read, take]);

  useEffect(() => {
    held.current = EMPTY;
    setView(EMPTY);
    void catchUp();
  }, [id, catchUp]);

  useSubscription({
    channel: `resources/${resource}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource },
    // Read through the ref: the subscription may keep the first render's callback, from before the id was known.
    onLiveEvent: (event) => {
      const ids = (event.payload as { ids?: unknown[] }).ids;
      const now = current.current;
      if (!ids || (now && ids.map(String).includes(now))) void catchUp();
    },
  });

  return { view, failed, take: (answer: MessagesAfter) => id && take(id, answer), catchUp };
}
