import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Email domains: the list and add form are the declared resource's (src/resources/domains); these
 * are the two pages of one domain, on routes of the brief's matrix (CLUBOWNER, USER), so the
 * manifest gives only the pages. The configuration page is also the resource's show route.
 */
const domains: AreaManifest = {
  name: 'domains',
  routes: [
    { path: 'settings/domains/:domainId/configuration', page: lazy(() => import('./DomainConfigurationPage')) },
    { path: 'settings/domains/:domainId/authenticate', page: lazy(() => import('./DomainAuthenticatePage')) },
  ],
};
export default domains;
