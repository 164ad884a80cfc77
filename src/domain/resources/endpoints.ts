/**
 * Where each operation of a declared resource is served. By default REST under `api.base`
 * (`GET base`, `GET base/:id`, `POST base`, `PATCH base/:id`, `DELETE base/:id`); a declaration
 * may move any of them to its path in the product brief, section 7 (the calls it makes), e.g.
 * `GET /api/AdminAccount/user?id=`.
 * The extras (bulk, CSV, history) always live under the base.
 */
import type { Endpoint, Operation, ResourceDeclaration } from './types';

const DEFAULTS: Record<Operation, (base: string) => Endpoint> = {
  list: (base) => ({ method: 'GET', path: base }),
  show: (base) => ({ method: 'GET', path: `${base}/:id`, id: 'path' }),
  create: (base) => ({ method: 'POST', path: base }),
  update: (base) => ({ method: 'PATCH', path: `${base}/:id`, id: 'path' }),
  delete: (base) => ({ method: 'DELETE', path: `${base}/:id`, id: 'path' }),
};

export function endpointOf(resource: ResourceDeclaration, op: Operation): Endpoint {
  return resource.api[op] ?? DEFAULTS[op](resource.api.base);
}

/** Extra endpoints every resource gets (under its base). */
export const extraPaths = (resource: ResourceDeclaration) => ({
  bulkDelete: `${resource.api.base}/bulk-delete`,
  bulkAction: `${resource.api.base}/bulk-action`,
  exportCsv: `${resource.api.base}/export`,
  importCsv: `${resource.api.base}/import`,
  history: `${resource.api.base}/history`,
  options: `${resource.api.base}/options`,
});

/** The query parameter that carries the id of a query-id endpoint (`id`, or the brief's name). */
export const idParamOf = (endpoint: Endpoint): string => endpoint.idParam ?? 'id';

/** A concrete URL for one record: fills `:id` or adds `?id=` (or the endpoint's idParam). Body ids are the caller's job. */
export function recordUrl(endpoint: Endpoint, id: string): string {
  if (endpoint.id === 'query') return `${endpoint.path}?${idParamOf(endpoint)}=${encodeURIComponent(id)}`;
  if (endpoint.id === 'path' || endpoint.path.includes(':id'))
    return endpoint.path.replace(':id', encodeURIComponent(id));
  return endpoint.path;
}
