import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * The file manager (server side in server/modules/files): file_management, for ADMIN (the
 * platform's files) and CLUBOWNER (the business's), the roles the brief's matrix gives it. The
 * brief's club-owner sidebar does not list the page, so the area adds its link: without one the
 * club's files (the demo's contracts, invoices and poster copy) could only be reached by typing
 * the address. The administrator's sidebar already links it.
 */
const files: AreaManifest = {
  name: 'files',
  routes: [{ path: 'file_management', page: lazy(() => import('./FilesPage')) }],
  sidebar: [{ key: 'files', path: '/file_management', icon: 'folder', roles: ['CLUBOWNER'] }],
};
export default files;
