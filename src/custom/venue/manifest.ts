import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Venues beyond their declared resource (club_management is generated from
 * src/resources/venues): the selected venue's guest-facing details and the business's time
 * zone, the opening hours, and the header's venue picker that every venue screen follows.
 */
const venue: AreaManifest = {
  name: 'venue',
  routes: [
    { path: 'additional_information', page: lazy(() => import('./AdditionalInformationPage')) },
    { path: 'club_schedule_management', page: lazy(() => import('./SchedulePage')) },
  ],
  header: [{ key: 'venuePicker', roles: ['CLUBOWNER', 'VENUEEMPLOYEE'], widget: lazy(() => import('./VenuePicker')) }],
};
export default venue;
