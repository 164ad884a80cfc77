import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * The club owner's venue staff: invitations, privileges, status. Not a screen of the brief's
 * sidebar lists, so this area adds its own link (last in the owner's sidebar).
 */
const team: AreaManifest = {
  name: 'team',
  routes: [{ path: 'team_management', page: lazy(() => import('./TeamPage')), roles: ['CLUBOWNER'] }],
  sidebar: [{ key: 'team', path: '/team_management', icon: 'team', roles: ['CLUBOWNER'] }],
};
export default team;
