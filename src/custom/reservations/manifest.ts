import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** Reservations at the selected venue (the brief's reservation_management: club owners and venue employees). */
const reservations: AreaManifest = {
  name: 'reservations',
  routes: [{ path: 'reservation_management', page: lazy(() => import('./ReservationsPage')) }],
};
export default reservations;
