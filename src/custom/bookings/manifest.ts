import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Bookings (server side in server/modules/bookings): calendar_management ("Booking Management")
 * for USER and MOVER, the roles the brief's matrix gives that path.
 */
const bookings: AreaManifest = {
  name: 'bookings',
  routes: [{ path: 'calendar_management', page: lazy(() => import('./CalendarPage')) }],
};
export default bookings;
