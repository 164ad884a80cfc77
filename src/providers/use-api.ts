import { useCallback } from 'react';
import { useCustom, useCustomMutation, useDataProvider, type BaseRecord, type HttpError } from '@refinedev/core';
import type * as z from 'zod/mini';

type ReadOptions = Parameters<typeof useCustom<BaseRecord>>[0]['queryOptions'];

/**
 * One typed read of the API, over Refine's `useCustom`: `data` is the output of the wire schema
 * the route answers through (`src/domain/<area>/wire.ts`), named as the type argument
 * (`useApiQuery<typeof venueChoicesAnswer>({ url })`), so no screen casts what it reads.
 * The schema is not run again on the client — the server sent the body through it — so only its
 * type is needed: call sites import it with `import type`, and a screen that only reads loads no
 * schema code (the signed-in shell's first load has no zod in it; docs/architecture.md).
 */
export function useApiQuery<S extends z.ZodMiniType>({
  url,
  query,
  queryOptions,
  pollEvery,
}: {
  url: string;
  query?: Record<string, unknown>;
  queryOptions?: ReadOptions;
  /** Reads again after so many milliseconds while it answers a number, given the last answer. */
  pollEvery?: (last: z.output<S> | undefined) => number | false;
}) {
  const read = useCustom<BaseRecord>({
    url,
    method: 'get',
    config: query ? { query } : undefined,
    queryOptions: pollEvery
      ? { ...queryOptions, refetchInterval: (q) => pollEvery(q.state.data?.data as z.output<S> | undefined) }
      : queryOptions,
    errorNotification: false,
  });
  const { refetch } = read.query;
  return {
    data: read.query.data?.data as z.output<S> | undefined,
    query: read.query,
    /** Reads it again now and resolves to the fresh answer (undefined when the read failed). */
    reread: useCallback(async () => (await refetch()).data?.data as z.output<S> | undefined, [refetch]),
  };
}

/**
 * One typed write of the API, over Refine's `useCustomMutation`: `send` resolves to the output
 * of the answer schema the route answers through. Refine shows no notification: a failure
 * rejects with its HttpError (statusCode, message, field errors) for the screen to say in place.
 */
export function useApiMutation<S extends z.ZodMiniType>() {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, unknown>();
  const send = useCallback(
    async ({
      url,
      method,
      values,
      headers,
    }: {
      url: string;
      method: 'post' | 'put' | 'patch' | 'delete';
      values?: unknown;
      /** e.g. an Idempotency-Key, so a retried press never acts twice */
      headers?: Record<string, string>;
    }) => {
      const { data } = await mutateAsync({
        url,
        method,
        values: values ?? {},
        config: headers ? { headers } : undefined,
        successNotification: false,
        errorNotification: false,
      });
      return data as z.output<S>;
    },
    [mutateAsync],
  );
  return { send, isPending: mutation.isPending };
}

/** The same typed read, once, from an event handler (a click that needs a record now). */
export function useApiFetch() {
  const dataProvider = useDataProvider();
  return async <S extends z.ZodMiniType>(url: string, query?: Record<string, unknown>) => {
    const { data } = await dataProvider().custom!<BaseRecord>({ url, method: 'get', query });
    return data as z.output<S>;
  };
}
