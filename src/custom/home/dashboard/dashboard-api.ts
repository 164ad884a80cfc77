/**
 * The home dashboard's data (GET /api/Home/dashboard, server/modules/home) through Refine's
 * useCustom. It is read again when a reservation, event or booking of the business changes (the
 * hub's record events, which the server sends only to those who may see them) and when the tab
 * regains focus; a payment has no live event, so revenue catches up on those reads.
 */
import { useCustom, useSubscription } from '@refinedev/core';
import { BOOKINGS_LIVE_RESOURCE } from '../../../domain/bookings/api';
import { HOME_API, type HomeDashboard } from '../../../domain/home/dashboard';
import { RESERVATIONS_RESOURCE } from '../../../domain/reservations/api';
import { resourceChannel } from '../../../providers/live/live-provider';

/** The events area's live resource (server/modules/events/event-service.ts, EVENTS_LIVE). */
const VENUE_EVENTS = 'events';

export function useHomeDashboard() {
  const { query } = useCustom<HomeDashboard>({
    url: HOME_API.dashboard,
    method: 'get',
    // The page shows the error itself, in its words, with a retry.
    errorNotification: false,
  });
  const dashboard = (query.data?.data as HomeDashboard | undefined) ?? null;
  const refetch = () => void query.refetch();
  const venue = dashboard?.kind === 'venue';
  useSubscription({ channel: resourceChannel(RESERVATIONS_RESOURCE), enabled: venue, onLiveEvent: refetch });
  useSubscription({ channel: resourceChannel(VENUE_EVENTS), enabled: venue, onLiveEvent: refetch });
  useSubscription({
    channel: resourceChannel(BOOKINGS_LIVE_RESOURCE),
    enabled: dashboard?.kind === 'bookings',
    onLiveEvent: refetch,
  });
  return { dashboard, loading: query.isLoading, error: query.error, retry: refetch };
}
