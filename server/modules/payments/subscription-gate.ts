/**
 * The subscription guard of the screens (src/domain/guards.ts, `subscriptionGuard` in the main
 * layout) as the API's rule, in one place: a signed-in user who must have a subscription and has
 * neither trial days left nor an active subscription is refused (403 subscriptionRequired) on
 * every authenticated route except the calls of the screens the client still opens for them
 * (/checkout, /success, /settings, /profile — SUBSCRIPTION_EXEMPT there) and of the shell drawn
 * around those screens. auth/access.ts applies it after the role checks, in onRequest (before a
 * body is read), with the billing fields it read with the session: no query of its own.
 */
import { subscriptionGuard } from '../../../src/domain/guards';
import { trialDaysLeft } from '../../../src/domain/payments/free-trial';
import { subscriptionCounts } from '../../../src/domain/payments/order-terms';
import type { UserData } from '../../../src/domain/user';
import type { BillingFields } from '../../auth/auth-context';

/** What userData says of the subscription, and whether the screens' guard lets the user through. */
export function billingDecision(billing: BillingFields, now: number) {
  const freeTrial = trialDaysLeft(billing.trialEndsAt, now);
  const waitingSubscription = !billing.subscriptionActive && billing.waitingSubscription;
  const subscriptionActive = subscriptionCounts(
    { subscriptionActive: billing.subscriptionActive, trialEndsAt: billing.trialEndsAt, waitingSubscription },
    now,
  );
  const { shouldHaveSubscription } = billing;
  const allowed =
    subscriptionGuard({ shouldHaveSubscription, freeTrial, subscriptionActive } as UserData).kind === 'pass';
  return { freeTrial, subscriptionActive, allowed };
}

/**
 * Routes (as registered, matched case-insensitively: the route itself, or under it when it ends
 * in '/') a user who fails the guard still calls. Each group names who calls it; a new screen
 * the client exempts adds its calls here, and nowhere else.
 */
const EXEMPT_ROUTES: readonly string[] = [
  // Signing in and out, token refresh, two-factor, and the user's own account: userData (me),
  // /profile (details, avatar, password, e-mail and phone changes, access log, preferences) and
  // the language switch every page has.
  '/api/user/',
  // /profile's passkeys (and signing in with one).
  '/api/passkey/',
  // /checkout, /success and /settings' billing: plans, the subscription, cards, invoices, and the
  // card form's states.
  '/api/plans/plans-by-role',
  '/api/plans/user-plan',
  '/api/payment/subscription',
  '/api/payment/add-method',
  '/api/payment/cards',
  '/api/payment/card',
  '/api/payment/default',
  '/api/payment/default-card',
  '/api/payment/invoices',
  '/api/lookup/states',
  // /settings?payment: the payment links panel.
  '/api/payment/payment-links',
  '/api/payment/checkout-session',
  // The client exempts every path under /settings: /settings/domains and /settings/webhooks.
  '/api/crmmanagement/domains',
  '/api/club/webhooks',
  // The shell on every page: the notification bell (and its push sign-up), the business
  // switcher, the venue picker, the support chat launcher.
  '/api/notification/',
  '/api/business/my-businesses',
  '/api/business/select-business',
  '/api/club/my-venues',
  '/api/support-chat/conversations',
  // /register, which the layout guard shows before this one.
  '/api/business/submit-details',
];

/** Whether the route (its registered pattern) is one a user without a subscription still calls. */
export function exemptFromSubscription(routeUrl: string): boolean {
  const route = routeUrl.toLowerCase();
  return EXEMPT_ROUTES.some((entry) =>
    entry.endsWith('/') ? route.startsWith(entry) : route === entry || route.startsWith(`${entry}/`),
  );
}

/** Whether the caller may call this route as far as the subscription goes. */
export function subscriptionLetsThrough(routeUrl: string, billing: BillingFields, now: number): boolean {
  if (!billing.shouldHaveSubscription) return true;
  return exemptFromSubscription(routeUrl) || billingDecision(billing, now).allowed;
}
