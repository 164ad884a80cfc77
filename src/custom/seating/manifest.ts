import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** The venue's floor plan (walls, tables, bars): the brief's table_management screen. */
const seating: AreaManifest = {
  name: 'seating',
  routes: [{ path: 'table_management', page: lazy(() => import('./TableManagementPage')) }],
};
export default seating;
