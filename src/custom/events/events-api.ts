/** The events area's data: paths and shapes shared with the server (src/domain/events). */
import { venuePath } from '../../domain/venue/api';
import { EVENTS_API } from '../../domain/events/events';

export type { EventDetails, EventSummary, EventTicketView } from '../../domain/events/wire';

/** The cache key's resource name (also the live channel the server publishes on). */
export const EVENTS = 'events';

export const eventPath = (id: string) => venuePath(EVENTS_API.one, { id });
export const ticketsPath = (id: string) => venuePath(EVENTS_API.tickets, { id });
export const detailsRoute = (venueId: string, id: string) => `/club_event_management/${venueId}/event_details/${id}`;
export const editRoute = (id: string) => `/club_event_management/${id}/edit_event`;
