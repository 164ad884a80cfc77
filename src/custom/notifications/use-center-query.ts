import { PAGING } from '../../domain/constants';
import { NOTIFICATION_STATUSES, type NotificationStatus } from '../../domain/notifications';
import { patchParams, positiveInt, useUrlParams } from '../../ui/use-url-params';

/** The filters and page, as kept in the URL query string (so they survive reloads and links). */
export function useCenterQuery() {
  const [params, writeParams] = useUrlParams();
  const status = params.get('status') ?? '';
  const query = {
    page: positiveInt(params.get('page'), 1),
    perPage: positiveInt(params.get('perPage'), PAGING.defaultPerPage, PAGING.maxPerPage),
    query: params.get('query') ?? '',
    type: params.get('type') ?? '',
    status: (NOTIFICATION_STATUSES as readonly string[]).includes(status)
      ? (status as NotificationStatus)
      : ('' as const),
  };
  // A filter change starts again at page 1.
  const update = (patch: Partial<Record<keyof typeof query, string | number>>) =>
    writeParams((current) => patchParams(current, patch));
  // The pager writes both; a new size starts again at page 1 (PagedTable passes it so).
  const paging = {
    page: query.page,
    perPage: query.perPage,
    onChange: (page: number, perPage: number) => update({ page, perPage }),
  };
  return { query, update, paging };
}
