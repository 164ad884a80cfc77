import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** The administrators' bespoke screens (their lists are declared resources). */
const admin: AreaManifest = {
  name: 'admin',
  routes: [{ path: 'status', page: lazy(() => import('./StatusPage')) }],
};
export default admin;
