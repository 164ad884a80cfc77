import { lazy } from 'react';
import { BUSINESS_OWNER_ROLES } from '../../domain/business/owner-roles';
import type { AreaManifest } from '../area';

/**
 * The business itself (server side in server/modules/business):
 * - business_info: the company name, logo, website, branding colours, address, time zone and
 *   social links (roles from the brief's matrix);
 * - the businesses an owner owns: business_management for MOVER, CLUBOWNER and USER (IT's is the
 *   support desk's lookup, so this page declares `forRoles`), and the header's switcher for
 *   owners of more than one business.
 */
const business: AreaManifest = {
  name: 'business',
  routes: [
    { path: 'business_info', page: lazy(() => import('./BusinessInfoPage')) },
    { path: 'business_management', page: lazy(() => import('./BusinessesPage')), forRoles: BUSINESS_OWNER_ROLES },
  ],
  header: [{ key: 'businessSwitcher', roles: BUSINESS_OWNER_ROLES, widget: lazy(() => import('./BusinessSwitcher')) }],
};
export default business;
