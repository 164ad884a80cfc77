import type { BaseRecord, CrudFilter, DataProvider, MetaQuery } from '@refinedev/core';
import { API_BASE_URL, http, pagingFromHeaders, request, type QueryValue, type RequestOptions } from './http';

/**
 * Refine data provider over the HTTP contract (architecture.md): lists take `page` and
 * `perPage` plus filters as query parameters and report the total in the `paging-data` header.
 * A resource's API path is `meta.path` (e.g. 'AdminAccount/users' or '/api/AdminAccount/users'),
 * else its name under /api. Resources that speak another shape override per call through `meta`.
 */

function basePath(resource: string, meta?: MetaQuery): string {
  const path = typeof meta?.path === 'string' ? meta.path : resource;
  return path.startsWith('/') ? path : `/api/${path}`;
}

/** Equality-style filters become query parameters; the spec's list filters are all of that kind. */
function filtersToQuery(filters: CrudFilter[] | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters ?? []) {
    if ('field' in filter) query[filter.field] = filter.value as QueryValue;
  }
  return query;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE_URL,

  getList: async <T extends BaseRecord>({
    resource,
    pagination,
    filters,
    meta,
  }: Parameters<DataProvider['getList']>[0]) => {
    const paged = pagination?.mode !== 'off' && pagination?.mode !== 'client';
    const query: Record<string, QueryValue> = {
      ...filtersToQuery(filters),
      ...(paged ? { page: pagination?.currentPage ?? 1, perPage: pagination?.pageSize ?? 10 } : {}),
    };
    const { data, headers } = await http.get<T[]>(basePath(resource, meta), { query });
    const paging = pagingFromHeaders(headers);
    return { data, total: paging?.totalCount ?? data.length, paging };
  },

  getOne: async <T extends BaseRecord>({ resource, id, meta }: Parameters<DataProvider['getOne']>[0]) => {
    const { data } = await http.get<T>(`${basePath(resource, meta)}/${encodeURIComponent(String(id))}`);
    return { data };
  },

  create: async <T extends BaseRecord>({ resource, variables, meta }: Parameters<DataProvider['create']>[0]) => {
    const { data } = await http.post<T>(basePath(resource, meta), variables);
    return { data };
  },

  update: async <T extends BaseRecord>({ resource, id, variables, meta }: Parameters<DataProvider['update']>[0]) => {
    const url = `${basePath(resource, meta)}/${encodeURIComponent(String(id))}`;
    const { data } = meta?.method === 'patch' ? await http.patch<T>(url, variables) : await http.put<T>(url, variables);
    return { data };
  },

  deleteOne: async <T extends BaseRecord>({ resource, id, meta }: Parameters<DataProvider['deleteOne']>[0]) => {
    const { data } = await http.delete<T>(`${basePath(resource, meta)}/${encodeURIComponent(String(id))}`);
    return { data };
  },

  custom: async <T extends BaseRecord>({
    url,
    method,
    payload,
    query,
    headers,
  }: Parameters<NonNullable<DataProvider['custom']>>[0]) => {
    const { data } = await request<T>(url, {
      method: method.toUpperCase() as RequestOptions['method'],
      body: payload,
      query: query as Record<string, QueryValue> | undefined,
      headers: headers as Record<string, string> | undefined,
    });
    return { data };
  },
};
