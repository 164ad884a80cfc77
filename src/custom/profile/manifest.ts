import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** My profile: details, picture, email and phone changes, password, two-factor, passkeys, access log. */
const profile: AreaManifest = {
  name: 'profile',
  routes: [{ path: 'profile', page: lazy(() => import('./ProfilePage')) }],
};
export default profile;
