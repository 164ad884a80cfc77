import { useState } from 'react';

/**
 * The conversation open beside an inbox (`openId`, from the address): the list's copy while the
 * list holds it, and the last copy seen once the list, filtered by state, no longer does. Taking
 * over a chat found under "Waiting for a person" moves it out of that filter; it stays open to be
 * answered (its panel reads its own state) until another is chosen or the address drops it.
 */
export function useOpenContact<C extends { id: string }>(contacts: C[] | null, openId: string | null): C | null {
  const found = (openId && contacts?.find((c) => c.id === openId)) || null;
  const [kept, setKept] = useState<C | null>(null);
  if (found && found !== kept) setKept(found);
  if (found) return found;
  return openId && kept?.id === openId ? kept : null;
}
