import { useEffect, useLayoutEffect, useRef } from 'react';
import type { useChatMessages } from './use-chat-messages';

/** Load older messages when the reader is this close to the top. */
const TOP_EDGE_PX = 48;

/**
 * Where the chat's log stands: older messages read at the top keep the reader's place, new ones
 * (or streamed words) keep the bottom in view while the reader is there. `atBottom` is set by
 * the panel when the reader sends a question.
 */
export function useChatScroll(
  chat: ReturnType<typeof useChatMessages>,
  pending: unknown,
  onError: (message: string) => void,
) {
  const list = useRef<HTMLDivElement>(null);
  const prepend = useRef<{ height: number; top: number } | null>(null);
  const atBottom = useRef(true);

  // Older messages above keep the reader's place; new ones (or streamed words) keep the bottom in view.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (prepend.current) {
      el.scrollTop = el.scrollHeight - prepend.current.height + prepend.current.top;
      prepend.current = null;
    } else if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [chat.messages, pending]);

  const loadOlder = () => {
    const el = list.current;
    if (!el || !chat.hasOlder || chat.loadingOlder) return;
    prepend.current = { height: el.scrollHeight, top: el.scrollTop };
    chat.loadOlder().catch((error: unknown) => {
      prepend.current = null;
      onError(error instanceof Error ? error.message : String(error));
    });
  };

  // A first page too short to scroll cannot reach the top edge: read older ones until it can.
  useEffect(() => {
    const el = list.current;
    if (el && !chat.firstLoad && chat.hasOlder && !chat.loadingOlder && el.scrollHeight <= el.clientHeight) loadOlder();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- after each page
  }, [chat.firstLoad, chat.hasOlder, chat.loadingOlder, chat.messages.length]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    if (el.scrollTop < TOP_EDGE_PX) loadOlder();
  };

  return { list, atBottom, onScroll };
}
