import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** A venue's events: the month view, edit, and details with tickets (roles from the brief's matrix). */
const events: AreaManifest = {
  name: 'events',
  routes: [
    { path: 'club_event_management', page: lazy(() => import('./EventsPage')) },
    { path: 'club_event_management/:eventID/edit_event', page: lazy(() => import('./EditEventPage')) },
    { path: 'club_event_management/:clubID/event_details/:eventID', page: lazy(() => import('./EventDetailsPage')) },
  ],
};
export default events;
