import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * A mover's quote as its customer sees it, to accept or decline, without signing in (the quotes
 * themselves are a declared resource: src/resources).
 */
const quotes: AreaManifest = {
  name: 'quotes',
  routes: [],
  publicRoutes: [{ path: '/quote/:token', page: lazy(() => import('./PublicQuotePage')) }],
};
export default quotes;
