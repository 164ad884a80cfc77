import { useCallback, useEffect, useState } from 'react';
import { PAGING } from '../../domain/constants';
import type { PagingData } from '../../domain/user';

/** One page of rows and the paging-data header that came with it. */
export interface Paged<T> {
  rows: T[];
  paging: PagingData | null;
}

/**
 * The state of a table paged by the server (PagedTable): page and size, the loaded rows, loading
 * and the last error (raw: the screen decides how to say it). A new page or size, or `reload()`,
 * loads again; an answer that arrives after a newer request started is dropped (and aborted).
 * `load` should be a stable function (a module-level API call).
 */
export function usePagedRows<T>(load: (page: number, perPage: number, signal: AbortSignal) => Promise<Paged<T>>) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PAGING.defaultPerPage);
  const [result, setResult] = useState<Paged<T>>({ rows: [], paging: null });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(page, perPage, controller.signal)
      .then((next) => {
        if (controller.signal.aborted) return;
        setResult(next);
        setError(null);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(err);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [load, page, perPage, reloadKey]);

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const { rows, paging } = result;
  return {
    rows,
    page,
    error,
    setPage,
    reload,
    /** The props PagedTable takes for paging. */
    table: {
      rows,
      loading,
      page,
      perPage,
      total: paging?.totalCount ?? rows.length,
      onPageChange: (next: number, size: number) => {
        setPage(next);
        setPerPage(size);
      },
    },
  };
}
