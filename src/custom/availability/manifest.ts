import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Availability (server side in server/modules/availability): schedule_management for USER and
 * MOVER and schedule_management/exceptions for USER, roles from the brief's matrix.
 */
const availability: AreaManifest = {
  name: 'availability',
  routes: [
    { path: 'schedule_management', page: lazy(() => import('./SchedulePage')) },
    { path: 'schedule_management/exceptions', page: lazy(() => import('./ExceptionsPage')) },
  ],
};
export default availability;
