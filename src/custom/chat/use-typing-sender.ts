import { useEffect, useRef, useState } from 'react';
import { typingSender, type TypingSender } from '../../domain/chat/typing';

/**
 * The reply box's typing notices (src/domain/chat/typing.ts: throttled, stopped on blur, after a
 * few idle seconds, and when the conversation is left).
 */
export function useTypingSender(send: (typing: boolean) => Promise<unknown>): TypingSender {
  const latest = useRef(send);
  latest.current = send;
  const [sender] = useState(() => typingSender((on) => latest.current(on)));
  useEffect(() => () => sender.stop(), [sender]);
  return sender;
}
