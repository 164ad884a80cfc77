import { lazy } from 'react';
import { ROLES } from '../../domain/roles';
import { SUPPORT_STAFF_ROLES } from '../../domain/support/roles';
import type { AreaManifest } from '../area';

/**
 * The platform's support desk (server side in server/modules/support): every signed-in user's
 * `tickets`; IT's `ticket_management` (the desk) and `business_management` (read-only business
 * lookup). Those two paths are shared with other roles' screens, so these pages declare
 * `forRoles` IT; a fleet manager's ticket_management is the service tickets area.
 */
const support: AreaManifest = {
  name: 'support',
  routes: [
    { path: 'tickets', page: lazy(() => import('./TicketsPage')) },
    { path: 'ticket_management', page: lazy(() => import('./DeskPage')), forRoles: SUPPORT_STAFF_ROLES },
    { path: 'business_management', page: lazy(() => import('./BusinessLookupPage')), forRoles: SUPPORT_STAFF_ROLES },
  ],
  // The brief's sidebars do not link `tickets`; every role but IT (whose sidebar has the desk) gets it.
  sidebar: [
    {
      key: 'supportTickets',
      path: '/tickets',
      icon: 'message',
      roles: ROLES.filter((r) => !SUPPORT_STAFF_ROLES.includes(r)),
    },
  ],
  // IT learns of new tickets on its Tickets link, live, without opening the desk.
  sidebarCounts: [
    { path: '/ticket_management', roles: SUPPORT_STAFF_ROLES, count: lazy(() => import('./OpenTicketsCount')) },
  ],
};
export default support;
