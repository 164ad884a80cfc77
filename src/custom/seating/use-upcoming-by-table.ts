/**
 * How many bookings not yet over hold each table of the venue (the reservations area's counts),
 * kept current while the editor is open: a booking made meanwhile must still bring the warning
 * before its table is deleted or renamed. Without them (not there, or refused) nothing warns.
 */
import { useMemo } from 'react';
import { useSubscription } from '@refinedev/core';
import { RESERVATION_API, RESERVATIONS_RESOURCE } from '../../domain/reservations/api';
import type { upcomingCountsAnswer } from '../../domain/reservations/wire';
import { venuePath } from '../../domain/venue/api';
import { useApiQuery } from '../../providers/use-api';

export function useUpcomingByTable(venueId: string): Map<string, number> {
  const { data, query } = useApiQuery<typeof upcomingCountsAnswer>({
    url: venuePath(RESERVATION_API.upcomingByTable, { venueId }),
    queryOptions: { retry: false },
  });
  useSubscription({
    channel: `resources/${RESERVATIONS_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: RESERVATIONS_RESOURCE },
    onLiveEvent: () => void query.refetch(),
  });
  return useMemo(() => new Map(Array.isArray(data) ? data.map((r) => [r.tableId, r.count]) : []), [data]);
}
