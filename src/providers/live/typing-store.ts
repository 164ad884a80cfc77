import { useCallback, useSyncExternalStore } from 'react';

/**
 * Who is typing, as the live channel reports it: UserStartedTyping(name[, about]) /
 * UserStoppedTyping([about]). `about` names what they type in (a live chat conversation's id);
 * without it the notice is about no one thing. A "started" not repeated within TYPING_TTL_MS is
 * forgotten: a closed tab never says "stopped" (senders repeat it while typing:
 * src/domain/chat/typing.ts). `useTyping(about)` gives the name or null.
 */
export const TYPING_TTL_MS = 7000;

const typing = new Map<string, { name: string; timer: ReturnType<typeof setTimeout> }>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function forget(about: string): boolean {
  const entry = typing.get(about);
  if (!entry) return false;
  clearTimeout(entry.timer);
  typing.delete(about);
  return true;
}

/**
 * `name` started typing about `about` (or goes on); null: stopped. `setTyping(null)` without
 * `about` forgets everyone (the live channel closed). About a conversation, an empty name is
 * still someone (a visitor who gave none: the screen names them).
 */
export function setTyping(name: string | null, about?: string): void {
  const trimmed = typeof name === 'string' ? name.trim() : null;
  const next = trimmed === '' && about === undefined ? null : trimmed;
  if (next === null) {
    if (about === undefined) {
      if (typing.size === 0) return;
      for (const key of [...typing.keys()]) forget(key);
      emit();
    } else if (forget(about)) emit();
    return;
  }
  const key = about ?? '';
  const before = typing.get(key)?.name;
  forget(key);
  typing.set(key, { name: next, timer: setTimeout(() => forget(key) && emit(), TYPING_TTL_MS) });
  if (before !== next) emit();
}

export function getTyping(about = ''): string | null {
  return typing.get(about)?.name ?? null;
}

export function subscribeTyping(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The name of whoever is typing about `about` now ('' for a visitor without one), or null when no one is. */
export function useTyping(about = ''): string | null {
  const get = useCallback(() => getTyping(about), [about]);
  return useSyncExternalStore(subscribeTyping, get);
}
