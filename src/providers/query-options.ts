import { isApiError } from './http';

/**
 * How Refine's queries retry (its React Query client). A refusal (4xx: not found, forbidden,
 * bad input) is an answer the screen must show at once, never retried; no answer or a server
 * error (5xx) may pass on a second try, so it is tried twice more. React Query's default would
 * retry every failure three times, holding a 403 or 404 back for about seven seconds.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/** Refine's `options.reactQuery` for the signed-in app. */
export const REACT_QUERY_OPTIONS = {
  clientConfig: { defaultOptions: { queries: { retry: shouldRetry } } },
};
