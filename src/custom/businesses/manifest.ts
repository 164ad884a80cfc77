import { lazy } from 'react';
import { BUSINESS_OWNER_ROLES } from '../../domain/business/owner-roles';
import type { AreaManifest } from '../area';

/**
 * The businesses an owner owns (server side in server/modules/business/owners-*.ts):
 * business_management for MOVER, CLUBOWNER and USER (IT's is the support desk's lookup, so this
 * page declares `forRoles`), and the header's switcher for owners of more than one business.
 */
const businesses: AreaManifest = {
  name: 'businesses',
  routes: [
    { path: 'business_management', page: lazy(() => import('./BusinessesPage')), forRoles: BUSINESS_OWNER_ROLES },
  ],
  header: [{ key: 'businessSwitcher', roles: BUSINESS_OWNER_ROLES, widget: lazy(() => import('./BusinessSwitcher')) }],
};
export default businesses;
