import type { BaseRecord, CrudFilter, CrudSort, DataProvider, MetaQuery } from '@refinedev/core';
import { endpointOf, recordUrl } from '../domain/resources/endpoints';
import type { Operation, ResourceDeclaration } from '../domain/resources/types';
import { resourceNamed } from '../resources/registry';
import { API_BASE_URL, http, pagingFromHeaders, request, type QueryValue, type RequestOptions } from './http';
import { getStoredUser } from './session';

/**
 * Refine data provider over the HTTP contract (docs/architecture.md): lists take `page` and
 * `perPage` plus filters as query parameters and report the total in the `paging-data` header.
 * A resource's API path is `meta.path` (e.g. 'AdminAccount/users' or '/api/AdminAccount/users'),
 * else a declared resource's endpoints (src/resources/registry.ts), else its name under /api.
 */

function basePath(resource: string, meta?: MetaQuery): string {
  const path = typeof meta?.path === 'string' ? meta.path : resource;
  return path.startsWith('/') ? path : `/api/${path}`;
}

/** The declaration behind a resource name, unless the caller points at another path. */
function declared(resource: string, meta?: MetaQuery): ResourceDeclaration | undefined {
  return typeof meta?.path === 'string' ? undefined : resourceNamed(resource);
}

/** The brief's business parameter (`?businessId=`) of a declaration that names one: the signed-in user's business. */
function businessQuery(declaration: ResourceDeclaration | undefined): Record<string, QueryValue> {
  const param = declaration?.api.businessParam;
  const business = param ? getStoredUser()?.userData.business?.id : undefined;
  return param && business ? { [param]: business } : {};
}

function declaredCall(declaration: ResourceDeclaration, op: Operation, id: string | number) {
  const endpoint = endpointOf(declaration, op);
  return { endpoint, url: recordUrl(endpoint, String(id)) };
}

/**
 * Filters become query parameters: equality and `contains` by the field's name, range bounds
 * (`gte` / `lte`) as `<field>From` / `<field>To` (the declared resources' range filters).
 */
export function filtersToQuery(filters: CrudFilter[] | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const suffix = filter.operator === 'gte' ? 'From' : filter.operator === 'lte' ? 'To' : '';
    query[`${filter.field}${suffix}`] = filter.value as QueryValue;
  }
  return query;
}

/** The first sorter as `sort=<field>&order=asc|desc` (the API sorts by one field). */
export function sortersToQuery(sorters: CrudSort[] | undefined): Record<string, QueryValue> {
  const first = sorters?.[0];
  return first ? { sort: first.field, order: first.order } : {};
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE_URL,

  getList: async <T extends BaseRecord>({
    resource,
    pagination,
    filters,
    sorters,
    meta,
  }: Parameters<DataProvider['getList']>[0]) => {
    const paged = pagination?.mode !== 'off' && pagination?.mode !== 'client';
    const query: Record<string, QueryValue> = {
      ...filtersToQuery(filters),
      ...sortersToQuery(sorters),
      ...(paged ? { page: pagination?.currentPage ?? 1, perPage: pagination?.pageSize ?? 10 } : {}),
    };
    const declaration = declared(resource, meta);
    const path = declaration ? endpointOf(declaration, 'list').path : basePath(resource, meta);
    const { data, headers } = await http.get<T[]>(path, { query: { ...query, ...businessQuery(declaration) } });
    const paging = pagingFromHeaders(headers);
    return { data, total: paging?.totalCount ?? data.length, paging };
  },

  getOne: async <T extends BaseRecord>({ resource, id, meta }: Parameters<DataProvider['getOne']>[0]) => {
    const declaration = declared(resource, meta);
    const url = declaration
      ? declaredCall(declaration, 'show', id).url
      : `${basePath(resource, meta)}/${encodeURIComponent(String(id))}`;
    const { data } = await http.get<T>(url);
    return { data };
  },

  create: async <T extends BaseRecord>({ resource, variables, meta }: Parameters<DataProvider['create']>[0]) => {
    const declaration = declared(resource, meta);
    const endpoint = declaration ? endpointOf(declaration, 'create') : null;
    const { data } = endpoint
      ? await request<T>(endpoint.path, { method: endpoint.method, body: variables })
      : await http.post<T>(basePath(resource, meta), variables);
    return { data };
  },

  update: async <T extends BaseRecord>({ resource, id, variables, meta }: Parameters<DataProvider['update']>[0]) => {
    const declaration = declared(resource, meta);
    if (declaration) {
      const { endpoint, url } = declaredCall(declaration, 'update', id);
      // Some spec endpoints take the id in the body (`PATCH /api/AdminAccount/user`).
      const body = endpoint.id === 'body' ? { id, ...(variables as object) } : variables;
      const { data } = await request<T>(url, { method: endpoint.method, body });
      return { data };
    }
    const url = `${basePath(resource, meta)}/${encodeURIComponent(String(id))}`;
    const { data } = meta?.method === 'patch' ? await http.patch<T>(url, variables) : await http.put<T>(url, variables);
    return { data };
  },

  deleteOne: async <T extends BaseRecord>({ resource, id, meta }: Parameters<DataProvider['deleteOne']>[0]) => {
    const declaration = declared(resource, meta);
    if (declaration) {
      const { endpoint, url } = declaredCall(declaration, 'delete', id);
      const { data } = await request<T>(url, {
        method: endpoint.method,
        body: endpoint.id === 'body' ? { id } : undefined,
        query: businessQuery(declaration),
      });
      return { data };
    }
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
