import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A page or page-size parameter: a whole number ≥ 1 (at most `max`), else the fallback. */
export function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

type Patch = Record<string, string | number | null | undefined>;

/**
 * A patch applied to query parameters: '' / null / undefined removes a parameter; anything but
 * paging itself starts again at page 1 (a filter change makes the old page meaningless).
 */
export function patchParams(current: URLSearchParams, patch: Patch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === '' || value === null || value === undefined) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/**
 * A screen's state kept in the URL's query (filters, page), written without losing a change.
 *
 * React Router's setSearchParams(fn) hands `fn` the parameters of the render it came from, and a
 * navigation re-renders in a transition; so a second change made before that render lands (a
 * date picked right after an amount typed, on a busy machine) would be built on the old URL and
 * drop the first. Each write here starts from the parameters last written instead; a render only
 * moves that when the URL itself changed (back, a link, a reload). Writes replace the history
 * entry: filtering is not a place to go back to.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef({ seen: params, current: params });
  if (latest.current.seen !== params) latest.current = { seen: params, current: params };
  const write = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      const next = change(latest.current.current);
      latest.current.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, write] as const;
}
