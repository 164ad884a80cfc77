/**
 * The venue's stored floor plan for the editor: read it, read it again when someone saves it
 * elsewhere (a live event), and save an edited plan over the version it was read at.
 */
import { useSubscription } from '@refinedev/core';
import { VENUE_LAYOUTS_RESOURCE, SEATING_API } from '../../domain/seating/api';
import type { VenueLayout } from '../../domain/seating/layout';
import type { storedLayoutAnswer } from '../../domain/seating/wire';
import { venuePath } from '../../domain/venue/api';
import { useApiMutation, useApiQuery } from '../../providers/use-api';

export function useFloorPlan(venueId: string) {
  const url = venuePath(SEATING_API.layout, { venueId });
  const { data: stored, query, reread } = useApiQuery<typeof storedLayoutAnswer>({ url });
  useSubscription({
    channel: `resources/${VENUE_LAYOUTS_RESOURCE}`,
    types: ['*'],
    params: { ids: [venueId], subscriptionType: 'useOne', resource: VENUE_LAYOUTS_RESOURCE },
    onLiveEvent: () => void query.refetch(),
  });
  const { send, isPending: saving } = useApiMutation<typeof storedLayoutAnswer>();
  /** Rejects with status 409 when someone saved since `version`. */
  const save = (version: number, layout: VenueLayout) => send({ url, method: 'put', values: { version, layout } });
  return { stored, error: query.error, reread, save, saving };
}
