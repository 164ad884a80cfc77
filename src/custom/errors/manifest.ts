import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** The brief's error screen (`/error_500`), where unexpected failures land. */
const errors: AreaManifest = {
  name: 'errors',
  routes: [{ path: 'error_500', page: lazy(() => import('./ErrorPage')) }],
};
export default errors;
