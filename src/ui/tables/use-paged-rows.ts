import { useCallback, useState } from 'react';
import { useInvalidate, useList, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { PAGING } from '../../domain/constants';

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
}: PagedQuery) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(firstPerPage);
  const { result, query } = useList<T>({
    resource,
    meta: { path },
    filters,
    pagination: { currentPage: page, pageSize: perPage, mode: 'server' },
    errorNotification: false,
  });
  const invalidate = useInvalidate();
  const reload = useCallback(
    () => void invalidate({ resource, invalidates: ['list'], invalidationFilters: { type: 'active' } }),
    [invalidate, resource],
  );
  const rows = result.data;
  return {
    rows,
    page,
    error: query.error,
    setPage,
    reload,
    /** The props PagedTable takes for paging. */
    table: {
      rows,
      loading: query.isFetching,
      page,
      perPage,
      total: result.total ?? rows.length,
      onPageChange: (next: number, size: number) => {
        setPage(next);
        setPerPage(size);
      },
    },
  };
}
