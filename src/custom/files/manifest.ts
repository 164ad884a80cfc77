import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * The file manager (server side in server/modules/files): file_management, for ADMIN (the
 * platform's files) and CLUBOWNER (the business's), the roles the brief's matrix gives it.
 */
const files: AreaManifest = {
  name: 'files',
  routes: [{ path: 'file_management', page: lazy(() => import('./FilesPage')) }],
};
export default files;
