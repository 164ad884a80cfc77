/**
 * The names of a declared resource's list parameters: `page`, `perPage`, `query` (substring search
 * over the search fields), `sort` + `order`, and one parameter per filter (see FilterKind). The
 * client builds its URLs with these; the server parses them with the same names and its rules
 * (list-query.ts). Kept apart from the parser so that a list screen loads no schema code.
 */
import type { FieldDeclaration, ResourceDeclaration } from './types';

export type FilterOp = 'contains' | 'eq' | 'gte' | 'lte';
export interface ListFilter {
  field: string;
  op: FilterOp;
  value: string | number | boolean;
}
export interface ListQuery {
  page: number;
  perPage: number;
  search: string | null;
  sort: { field: string; order: 'asc' | 'desc' } | null;
  filters: ListFilter[];
}

export const SEARCH_PARAM = 'query';
/** The longest text a list's search or a text filter takes, in characters: the box stops there, the server refuses more. */
export const LIST_TEXT_MAX = 200;
export const RANGE_FROM = 'From';
export const RANGE_TO = 'To';

/** Query parameter names of one filtered field: one name, or `<name>From` / `<name>To` for ranges. */
export function filterParams(key: string, field: FieldDeclaration): { param: string; op: FilterOp }[] {
  const name = field.filterParam ?? key;
  switch (field.filter) {
    case 'text':
      return [{ param: name, op: 'contains' }];
    case 'exact':
    case 'boolean':
      return [{ param: name, op: 'eq' }];
    case 'range':
      return [
        { param: name + RANGE_FROM, op: 'gte' },
        { param: name + RANGE_TO, op: 'lte' },
      ];
    default:
      return [];
  }
}

/** Every filter parameter of the resource, by name. */
export function filterParamMap(resource: ResourceDeclaration): Map<string, { field: string; op: FilterOp }> {
  const map = new Map<string, { field: string; op: FilterOp }>();
  for (const [key, field] of Object.entries(resource.fields)) {
    for (const { param, op } of filterParams(key, field)) map.set(param, { field: key, op });
  }
  return map;
}

export function hasSearch(resource: ResourceDeclaration): boolean {
  return Object.values(resource.fields).some((f) => f.search);
}

export function sortableFields(resource: ResourceDeclaration): string[] {
  return [
    'createdAt',
    ...Object.entries(resource.fields)
      .filter(([, f]) => f.sortable)
      .map(([k]) => k),
  ];
}
