import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** The door check (the brief's qr_verification: club owners and venue employees with the privilege). */
const door: AreaManifest = {
  name: 'door',
  routes: [{ path: 'qr_verification', page: lazy(() => import('./QrVerificationPage')) }],
};
export default door;
