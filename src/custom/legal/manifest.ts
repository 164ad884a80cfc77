import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** The terms of service and the privacy policy, open to anyone. */
const legal: AreaManifest = {
  name: 'legal',
  routes: [],
  publicRoutes: [
    { path: '/terms-of-service', page: lazy(() => import('./TermsOfService')) },
    { path: '/privacy-policy', page: lazy(() => import('./PrivacyPolicy')) },
  ],
};
export default legal;
