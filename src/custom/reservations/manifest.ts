import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Reservations at the selected venue (the brief's reservation_management: club owners and venue
 * employees), the door check of guests' passes (the brief's qr_verification: club owners and
 * venue employees with the privilege; server side in server/modules/reservations/door-*.ts, since
 * admitting a guest seats the reservation), and the guest's own pass, shown without signing in.
 */
const reservations: AreaManifest = {
  name: 'reservations',
  routes: [
    { path: 'reservation_management', page: lazy(() => import('./ReservationsPage')) },
    { path: 'qr_verification', page: lazy(() => import('./QrVerificationPage')) },
  ],
  publicRoutes: [{ path: '/ticket/:token', page: lazy(() => import('./TicketPage')) }],
};
export default reservations;
