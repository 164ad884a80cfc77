import { useCallback, useMemo } from 'react';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { PAGING } from '../../domain/constants';
import { filterParamMap, hasSearch, SEARCH_PARAM, sortableFields } from '../../domain/resources/list-params';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { filtersToQuery, sortersToQuery } from '../../providers/data-provider';
import type { QueryValue } from '../../providers/http';
import { patchParams, positiveInt, useUrlParams } from '../../ui/use-url-params';

/**
 * A declared resource's list state, kept in the URL with the API's own parameter names
 * (`?page=2&perPage=20&query=ann&status=lead&employeesFrom=10&sort=name&order=desc`), so a
 * reload or a shared link shows the same rows. Unknown or unsortable values are ignored.
 */
export function useListParams(resource: ResourceDeclaration) {
  const [params, writeParams] = useUrlParams();
  const filterNames = useMemo(() => filterParamMap(resource), [resource]);

  const state = useMemo(() => {
    const page = positiveInt(params.get('page'), 1);
    const perPage = positiveInt(params.get('perPage'), PAGING.defaultPerPage, PAGING.maxPerPage);
    const values: Record<string, string> = {};
    const filters: CrudFilter[] = [];
    for (const [param, { op }] of filterNames) {
      const value = params.get(param);
      if (!value) continue;
      values[param] = value;
      // The data provider adds From / To back for the range operators.
      const field = op === 'gte' || op === 'lte' ? param.replace(/(From|To)$/, '') : param;
      filters.push({ field, operator: op, value });
    }
    const search = hasSearch(resource) ? (params.get(SEARCH_PARAM) ?? '') : '';
    if (search) filters.push({ field: SEARCH_PARAM, operator: 'eq', value: search });
    const sortField = params.get('sort');
    const sorters: CrudSort[] =
      sortField && sortableFields(resource).includes(sortField)
        ? [{ field: sortField, order: params.get('order') === 'desc' ? 'desc' : 'asc' }]
        : [];
    return { page, perPage, search, values, filters, sorters };
  }, [params, filterNames, resource]);

  /** Sets or clears parameters; anything but paging itself starts again at page 1. */
  const update = useCallback(
    (patch: Record<string, string | number | null | undefined>) =>
      writeParams((current) => patchParams(current, patch)),
    [writeParams],
  );

  const clearFilters = useCallback(() => {
    const patch: Record<string, null> = { [SEARCH_PARAM]: null };
    for (const name of filterNames.keys()) patch[name] = null;
    update(patch);
  }, [filterNames, update]);

  /** The current filter, search and sort as API parameters (for the CSV export). */
  const apiQuery: Record<string, QueryValue> = useMemo(
    () => ({ ...filtersToQuery(state.filters), ...sortersToQuery(state.sorters) }),
    [state.filters, state.sorters],
  );

  return { ...state, update, clearFilters, apiQuery };
}
