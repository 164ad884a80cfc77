import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * club_gallery_management: the selected venue's images; gallery_management: the mover's business's
 * images — the same page and API, scoped by business (roles from the brief's matrix).
 */
const gallery: AreaManifest = {
  name: 'gallery',
  routes: [
    { path: 'club_gallery_management', page: lazy(() => import('./GalleryPage')) },
    { path: 'gallery_management', page: lazy(() => import('./GalleryPage')) },
  ],
};
export default gallery;
