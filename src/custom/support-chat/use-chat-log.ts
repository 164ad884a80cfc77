/**
 * One support chat's messages on screen, kept by sequence number as the live chat's inbox keeps
 * them (docs/live-chat.md, "No message lost"; `merge` is the chat area's): the first read asks
 * for everything after 0, every live event naming the chat (and the channel's resync after a
 * reconnect) for what came after the last number held. The messages live only in this hook's
 * state: when its owner unmounts (sign-out, another user, a business switch), they are gone.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSubscription } from '@refinedev/core';
import { SUPPORT_CHAT_LIVE_RESOURCE } from '../../domain/chat/support';
import type { MessagesAfter } from '../../domain/chat/wire';
import { merge, type ConversationView } from '../chat';

const EMPTY: ConversationView = { messages: [], state: null, memberName: null, lastSeq: 0 };

export function useChatLog(id: string | null, read: (id: string, after: number) => Promise<MessagesAfter>) {
  const [view, setView] = useState<ConversationView>(EMPTY);
  const [failed, setFailed] = useState(false);
  const held = useRef(EMPTY);
  const current = useRef(id);
  current.current = id;

  const take = useCallback((forId: string, answer: MessagesAfter) => {
    if (current.current !== forId) return;
    held.current = merge(held.current, answer);
    setView(held.current);
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
    channel: `resources/${SUPPORT_CHAT_LIVE_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: SUPPORT_CHAT_LIVE_RESOURCE },
    // Read through the ref: the subscription may keep the first render's callback, from before the chat's id was known.
    onLiveEvent: (event) => {
      const ids = (event.payload as { ids?: unknown[] }).ids;
      const now = current.current;
      if (!ids || (now && ids.map(String).includes(now))) void catchUp();
    },
  });

  return { view, failed, take: (answer: MessagesAfter) => id && take(id, answer) };
}
