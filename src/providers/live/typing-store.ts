import { useSyncExternalStore } from 'react';

/**
 * Who is typing, as the live channel reports it (UserStartedTyping(name) / UserStoppedTyping()).
 * Any conversation view can read it: `useTyping()` gives the name or null.
 */
let typingName: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function setTyping(name: string | null): void {
  const next = typeof name === 'string' && name.trim() ? name.trim() : null;
  if (next === typingName) return;
  typingName = next;
  emit();
}

export function getTyping(): string | null {
  return typingName;
}

export function subscribeTyping(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The name of whoever is typing now, or null; render it as t('live.typing', { name }). */
export function useTyping(): string | null {
  return useSyncExternalStore(subscribeTyping, getTyping);
}
