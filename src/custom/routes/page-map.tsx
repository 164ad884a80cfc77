import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Screens that exist, by main-layout route path (as written in ROUTE_RULES). A route that is
 * not here shows the 'not built yet' state. Issue 3 adds the declared resources' screens.
 */
export const PAGE_MAP: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '': lazy(() => import('../pages/HomePage')),
  profile: lazy(() => import('../pages/ProfilePage')),
  error_500: lazy(() => import('../errors/ErrorPage')),
  notifications: lazy(() => import('../notifications/NotificationCenterPage')),
  announcements: lazy(() => import('../notifications/AnnouncementPage')),
};
