import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Money: plans and checkout, the billing settings (cards, plan, invoices), payment links, the
 * venue's transactions and refunds, and the payout account; and the public page of a payment
 * link, paid without signing in (an owner may open their own link signed in, too).
 */
const payments: AreaManifest = {
  name: 'payments',
  routes: [
    { path: 'checkout', page: lazy(() => import('./checkout/CheckoutPage')) },
    { path: 'success', page: lazy(() => import('./checkout/SuccessPage')) },
    { path: 'settings', page: lazy(() => import('./settings/SettingsPage')) },
    { path: 'payment_links', page: lazy(() => import('./links/PaymentLinksPage')) },
    { path: 'club_transaction_management', page: lazy(() => import('./transactions/TransactionsPage')) },
    { path: 'stripe_connect', page: lazy(() => import('./connect/StripeConnectPage')) },
  ],
  publicRoutes: [{ path: '/pay/:token', page: lazy(() => import('./links/PayLinkPage')) }],
};
export default payments;
