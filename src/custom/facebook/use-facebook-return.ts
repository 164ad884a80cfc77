/**
 * Facebook's login dialog sends the owner back to this screen with `code` and `state` (or
 * `error` when they did not allow it). The screen hands the code to the server once, then takes
 * the parameters off the address, so a reload or Back never sends a used code again.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Codes already handed over in this tab: the page may be drawn twice (React's strict mode, a remount). */
const handed = new Set<string>();

export type ReturnOutcome = { kind: 'connected' } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

export function useFacebookReturn(complete: (code: string, state: string) => Promise<unknown>) {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const [completing, setCompleting] = useState(Boolean(code && state && !handed.has(code)));
  const [outcome, setOutcome] = useState<ReturnOutcome | null>(null);

  useEffect(() => {
    const clear = () => setParams({}, { replace: true });
    if (denied) {
      setOutcome({ kind: 'cancelled' });
      clear();
      return;
    }
    if (!code || !state || handed.has(code)) return;
    handed.add(code);
    setCompleting(true);
    complete(code, state)
      .then(() => setOutcome({ kind: 'connected' }))
      .catch((error: unknown) => setOutcome({ kind: 'failed', error }))
      .finally(() => {
        setCompleting(false);
        clear();
      });
    // Only the address's parameters start this; `complete` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, state, denied]);

  return { completing, outcome, dismiss: () => setOutcome(null) };
}
