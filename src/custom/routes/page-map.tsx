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
  team_management: lazy(() => import('../team/TeamPage')),
  checkout: lazy(() => import('../checkout/CheckoutPage')),
  success: lazy(() => import('../checkout/SuccessPage')),
  settings: lazy(() => import('../settings/SettingsPage')),
  payment_links: lazy(() => import('../payments/links/PaymentLinksPage')),
  club_transaction_management: lazy(() => import('../payments/transactions/TransactionsPage')),
  stripe_connect: lazy(() => import('../payments/connect/StripeConnectPage')),
  status: lazy(() => import('../admin/StatusPage')),
};
