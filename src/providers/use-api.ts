import { useCustom, useDataProvider, type BaseRecord } from '@refinedev/core';
import type * as z from 'zod/mini';

type ReadOptions = Parameters<typeof useCustom<BaseRecord>>[0]['queryOptions'];

/**
 * One typed read of the API, over Refine's `useCustom`: `data` is the output of the wire schema
 * the route answers through (`src/domain/<area>/wire.ts`), so no screen casts what it reads.
 * The schema is not run again on the client — the server sent the body through it — it names
 * the type, and the call site says which shape it expects.
 */
export function useApiQuery<S extends z.ZodMiniType>(
  _answer: S,
  { url, query, queryOptions }: { url: string; query?: Record<string, unknown>; queryOptions?: ReadOptions },
) {
  const read = useCustom<BaseRecord>({
    url,
    method: 'get',
    config: query ? { query } : undefined,
    queryOptions,
    errorNotification: false,
  });
  return { data: read.query.data?.data as z.output<S> | undefined, query: read.query };
}

/** The same typed read, once, from an event handler (a click that needs a record now). */
export function useApiFetch() {
  const dataProvider = useDataProvider();
  return async <S extends z.ZodMiniType>(_answer: S, url: string, query?: Record<string, unknown>) => {
    const { data } = await dataProvider().custom!<BaseRecord>({ url, method: 'get', query });
    return data as z.output<S>;
  };
}
