import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** The signed-in home of club owners and users (`/`). */
const home: AreaManifest = {
  name: 'home',
  routes: [{ path: '', page: lazy(() => import('./HomePage')) }],
};
export default home;
