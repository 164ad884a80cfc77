import { vi } from 'vitest';

export type FetchHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch with `handler` and records every call (URL resolved against http://localhost). */
export function stubFetch(handler: FetchHandler) {
  const calls: { url: URL; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}
