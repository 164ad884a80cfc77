import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * The Notification Center, and the administrators' announcement screen (ours, reached from the
 * user menu rather than the sidebar).
 */
const notifications: AreaManifest = {
  name: 'notifications',
  routes: [
    { path: 'notifications', page: lazy(() => import('./NotificationCenterPage')) },
    { path: 'announcements', page: lazy(() => import('./AnnouncementPage')), roles: ['ADMIN'] },
  ],
};
export default notifications;
