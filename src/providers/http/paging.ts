import type { PagingData } from '../../domain/user';

/** The `paging-data` response header of a list call, or null when absent or unreadable. */
export function pagingFromHeaders(headers: Headers): PagingData | null {
  const raw = headers.get('paging-data');
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PagingData;
  } catch {
    return null;
  }
}
