import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, isApiError } from '../../src/providers/http';
import { shouldRetry } from '../../src/providers/query-options';
import { setStoredUser } from '../../src/providers/session';
import { usePagedRows } from '../../src/ui/tables/use-paged-rows';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { appWrapper } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const wrapper = appWrapper();

const paging = (currentPage: number, totalCount: number) => ({
  'paging-data': JSON.stringify({ currentPage, pageSize: 10, totalCount, totalPages: Math.ceil(totalCount / 10) }),
});

describe('usePagedRows on Refine', () => {
  it('reads a page through the data provider, pages, reloads, and keeps errors raw', async () => {
    setStoredUser(storedUser());
    let fail = false;
    const calls = stubFetch((url) => {
      if (fail) return jsonResponse(403, { message: 'You do not have permission', errors: {} });
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(200, { result: [{ id: `row-${page}` }] }, paging(page, 12));
    });
    const { result } = renderHook(
      () => usePagedRows<{ id: string }>({ resource: 'things', path: '/api/Test/things' }),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-1' }]));
    expect(calls[0]!.url.pathname).toBe('/api/Test/things');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ page: '1', perPage: '10' });
    expect(result.current.table).toMatchObject({ page: 1, perPage: 10, total: 12, loading: false });

    act(() => result.current.table.onPageChange(2, 10));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-2' }]));

    const before = calls.length;
    act(() => result.current.reload());
    await waitFor(() => expect(calls.length).toBe(before + 1));
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');

    // A refusal is shown without a retry (one call, below), raw for the screen to translate; the
    // last good page stays on screen.
    fail = true;
    const failedFrom = calls.length;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBeTruthy());
    expect(isApiError(result.current.error) && result.current.error.status).toBe(403);
    expect(calls.length - failedFrom).toBe(1);
    expect(result.current.rows).toEqual([{ id: 'row-2' }]);
  });

  it("sends a screen's filters as query parameters, with its own page size", async () => {
    setStoredUser(storedUser());
    const calls = stubFetch(() => jsonResponse(200, { result: [{ id: 'row-1' }] }, paging(1, 1)));
    const { result, rerender } = renderHook(
      ({ search }: { search: string }) =>
        usePagedRows<{ id: string }>({
          resource: 'filtered',
          path: '/api/Test/filtered',
          filters: [
            { field: 'query', operator: 'eq', value: search },
            { field: 'status', operator: 'eq', value: 'open' },
          ],
          perPage: 20,
        }),
      { wrapper, initialProps: { search: '' } },
    );
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-1' }]));
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toMatchObject({ page: '1', perPage: '20', status: 'open' });
    expect(result.current.table.perPage).toBe(20);

    rerender({ search: 'export' });
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('query')).toBe('export'));
    expect(calls.at(-1)!.url.searchParams.get('perPage')).toBe('20');
  });

  it('waits while not enabled, reads a whole view from page 1 while unpaged, and says when rows were read', async () => {
    setStoredUser(storedUser());
    const calls = stubFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(
        200,
        { result: [{ id: `row-${page}-${url.searchParams.get('perPage')}` }] },
        paging(page, 30),
      );
    });
    const { result, rerender } = renderHook(
      ({ enabled, unpaged }: { enabled: boolean; unpaged?: number }) =>
        usePagedRows<{ id: string }>({ resource: 'night', path: '/api/Test/night', perPage: 20, enabled, unpaged }),
      { wrapper, initialProps: { enabled: false } as { enabled: boolean; unpaged?: number } },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    expect(result.current.loadedAt).toBe(0);

    rerender({ enabled: true });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-1-20' }]));
    const firstRead = result.current.loadedAt;
    expect(firstRead).toBeGreaterThan(0);
    act(() => result.current.table.onPageChange(2, 20));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-2-20' }]));

    // Another view of the same rows: page 1 of its own size, the pager's page kept.
    rerender({ enabled: true, unpaged: 100 });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-1-100' }]));
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toEqual({ page: '1', perPage: '100' });
    expect(result.current.page).toBe(2);
    expect(result.current.loadedAt).toBeGreaterThanOrEqual(firstRead);

    rerender({ enabled: true });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-2-20' }]));
  });

  it('takes the page and size from a screen that keeps them (the URL) and hands every change back', async () => {
    setStoredUser(storedUser());
    const calls = stubFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(200, { result: [{ id: `row-${page}` }] }, paging(page, 40));
    });
    const onChange = vi.fn();
    const { result, rerender } = renderHook(
      ({ page, perPage }: { page: number; perPage: number }) =>
        usePagedRows<{ id: string }>({ resource: 'kept', path: '/api/Test/kept', paging: { page, perPage, onChange } }),
      { wrapper, initialProps: { page: 3, perPage: 20 } },
    );
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-3' }]));
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ page: '3', perPage: '20' });
    expect(result.current.table).toMatchObject({ page: 3, perPage: 20 });

    // Nothing is kept in the hook: a change goes to the screen and shows once the screen has it.
    act(() => result.current.table.onPageChange(4, 20));
    act(() => result.current.setPage(1));
    expect(onChange.mock.calls).toEqual([
      [4, 20],
      [1, 20],
    ]);
    expect(result.current.page).toBe(3);
    rerender({ page: 1, perPage: 50 });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-1' }]));
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toEqual({ page: '1', perPage: '50' });
    expect(result.current.table).toMatchObject({ page: 1, perPage: 50 });
  });

  it('moves to the last page when the one on screen is past it (its last rows deleted here or elsewhere)', async () => {
    setStoredUser(storedUser());
    let total = 11;
    const calls = stubFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      const rows = page <= Math.ceil(total / 10) ? [{ id: `row-${page}` }] : [];
      return jsonResponse(200, { result: rows }, paging(page, total));
    });
    const { result } = renderHook(() => usePagedRows<{ id: string }>({ resource: 'shrinking', path: '/api/Test/s' }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-1' }]));
    act(() => result.current.table.onPageChange(2, 10));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-2' }]));

    // The only row of page 2 is deleted: page 2 answers nothing of 10; the table must not say "none".
    total = 10;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.page).toBe(1));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'row-1' }]));
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('1');

    // A list that is empty for good stays on its page 1 and says so.
    total = 0;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.rows).toEqual([]));
    expect(result.current.page).toBe(1);
  });

  it('retries only what may pass on a second try, twice at most', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, new ApiError('no', status))).toBe(false);
    for (const status of [0, 500, 503]) expect(shouldRetry(0, new ApiError('later', status))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new ApiError('later', 503))).toBe(false);
  });
});
