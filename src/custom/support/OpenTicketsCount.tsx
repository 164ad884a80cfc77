import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../ui/badges/CountBadge';
import { SUPPORT_API } from '../../domain/support/tickets';
import { TICKETS } from './support-api';

/**
 * The number of open tickets (new, not yet taken up) beside IT's Tickets link. The desk's own
 * list query with one row a page, live like the desk (a new ticket's push refreshes it), so the
 * count and the desk never disagree. Nothing is shown at zero.
 */
export default function OpenTicketsCount() {
  const { t } = useTranslation();
  const { result } = useList({
    resource: TICKETS,
    meta: { path: SUPPORT_API.desk },
    filters: [{ field: 'status', operator: 'eq', value: 'open' }],
    pagination: { currentPage: 1, pageSize: 1, mode: 'server' },
    liveMode: 'auto',
    errorNotification: false,
  });
  const open = result.total ?? 0;
  if (!open) return null;
  const label = t('supportDesk.openCount', { count: open });
  return <CountBadge count={open} className="sidebar-count" label={label} />;
}
