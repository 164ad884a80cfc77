import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * The door check (the brief's qr_verification: club owners and venue employees with the
 * privilege), and the guest's own pass, shown without signing in.
 */
const door: AreaManifest = {
  name: 'door',
  routes: [{ path: 'qr_verification', page: lazy(() => import('./QrVerificationPage')) }],
  publicRoutes: [{ path: '/ticket/:token', page: lazy(() => import('./TicketPage')) }],
};
export default door;
