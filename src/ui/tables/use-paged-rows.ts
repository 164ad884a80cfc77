import { useCallback, useEffect, useState } from 'react';
import { useInvalidate, useList, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { PAGING } from '../../domain/constants';
import { useReaderLanguageMeta } from '../../providers/i18n/reader-language';

/** Where a server-paged table reads from: a name for Refine's cache and the API path. */
export interface PagedSource {
  /** The cache key's resource name (also the live channel `resources/<name>`). */
  resource: string;
  /** GET path answering one page (`page`, `perPage`) with the paging-data header. */
  path: string;
}

/** What a screen may add to its source: filters sent as query parameters, and its page size. */
export interface PagedQuery extends PagedSource {
  /** Sent with every page as query parameters (`field=value`), e.g. a search or a status; a
   * screen that changes them goes back to page 1 with `setPage(1)`. */
  filters?: CrudFilter[];
  /** Rows per page at first (PAGING.defaultPerPage when not given). */
  perPage?: number;
  /** False holds the read (e.g. until the screen knows its venue). */
  enabled?: boolean;
  /** The answer depends on the reader's language (a search the server matches in their words):
   * the page is read again when the language changes (useReaderLanguageMeta). */
  inReaderLanguage?: boolean;
  /**
   * Reads page 1 of this many rows instead of the pager's page: a view of the same rows that
   * does not page (a timeline, a floor plan) shares the query, its cache and its live refresh.
   * The pager keeps its page and size for when the paged view is back.
   */
  unpaged?: number;
  /** The page and size when the screen keeps them itself (in the URL, so a link or a reload
   * lands on the same page): the hook reads them from here and hands every change to
   * `onChange`, `setPage` included, instead of keeping its own. */
  paging?: PagingState;
}

/** A page and size kept by the screen, and how it takes a new one. */
export interface PagingState {
  page: number;
  perPage: number;
  onChange: (page: number, perPage: number) => void;
}

/** The paging props PagedTable takes, as the hook gives them (`table`). */
export interface PagedTableState<T> {
  rows: T[];
  loading: boolean;
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number, perPage: number) => void;
}

/**
 * The state of a table paged by the server (PagedTable), on Refine's data layer: `useList`
 * reads the page through the data provider (cached per page and size, the previous page kept
 * on screen while the next loads, re-read when its resource changes live), `reload()`
 * invalidates it. The error stays raw: the screen decides how to say it; Refine's own error
 * notice is off for the same reason.
 */
export function usePagedRows<T extends BaseRecord>({
  resource,
  path,
  filters,
  perPage: firstPerPage = PAGING.defaultPerPage,
  enabled = true,
  inReaderLanguage = false,
  unpaged,
  paging,
}: PagedQuery) {
  const [own, setOwn] = useState({ page: 1, perPage: firstPerPage });
  const ownChange = useCallback((next: number, size: number) => setOwn({ page: next, perPage: size }), []);
  const ownSetPage = useCallback((next: number) => setOwn((current) => ({ ...current, page: next })), []);
  const { page, perPage } = paging ?? own;
  const languageMeta = useReaderLanguageMeta(inReaderLanguage);
  const { result, query } = useList<T>({
    resource,
    meta: { path, ...languageMeta },
    filters,
    pagination:
      unpaged === undefined
        ? { currentPage: page, pageSize: perPage, mode: 'server' }
        : { currentPage: 1, pageSize: unpaged, mode: 'server' },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const invalidate = useInvalidate();
  const reload = useCallback(
    () => void invalidate({ resource, invalidates: ['list'], invalidationFilters: { type: 'active' } }),
    [invalidate, resource],
  );
  const rows = result.data;
  const total = result.total ?? rows.length;
  const setPage = paging ? (next: number) => paging.onChange(next, paging.perPage) : ownSetPage;
  // A page past the last (its last rows deleted, here or in another tab) answers no rows of some:
  // the table would say there are none. It moves to the last page instead.
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const pastTheEnd =
    unpaged === undefined && enabled && !query.isFetching && !query.error && rows.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
    // setPage is a new function each render when the screen keeps the page; the move depends only on these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, lastPage]);
  return {
    rows,
    page,
    error: query.error,
    /** When the rows on screen were read (0 before the first answer): a screen may hold state
     * made on one answer (a failed change, a pending tick) until a newer one replaces it. */
    loadedAt: query.dataUpdatedAt,
    setPage,
    reload,
    /** The props PagedTable takes for paging. */
    table: {
      rows,
      loading: query.isFetching,
      page,
      perPage,
      total,
      onPageChange: paging?.onChange ?? ownChange,
    } satisfies PagedTableState<T>,
  };
}
