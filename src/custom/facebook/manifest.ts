import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * The Facebook page connection (server side in server/modules/facebook): facebook_ads for
 * CLUBOWNER, the role the brief's matrix gives it (section 2). The brief's club-owner sidebar
 * does not list the page, so the area adds its link: without one it could not be found.
 */
const facebook: AreaManifest = {
  name: 'facebook',
  routes: [{ path: 'facebook_ads', page: lazy(() => import('./FacebookPage')) }],
  sidebar: [{ key: 'facebookAds', path: '/facebook_ads', icon: 'notification', roles: ['CLUBOWNER'] }],
};
export default facebook;
