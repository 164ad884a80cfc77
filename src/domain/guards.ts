import { ALLOWED_ROLES, CHECKED_ROLES } from './roles';
import type { RouteAccess } from './access';
import type { UserData } from './user';

/**
 * The route guards of product brief section 2 as one pure decision, so the client's router and the
 * tests use the same rule. Order: no user → /login; layout guard (allowed / checked roles);
 * two-factor → /verify; subscription → /checkout; role → route matrix → / (role home).
 */
export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: '/login' | '/register' | '/verify' | '/checkout' | '/dashboards' };

export interface GuardInput {
  user: UserData | null;
  pathname: string;
  /** The `valid` cookie is present: two-factor was authorised for this browser. */
  twoFactorValidated: boolean;
}

export function layoutGuard(user: UserData | null): GuardDecision {
  if (!user) return { kind: 'redirect', to: '/login' };
  if (ALLOWED_ROLES.includes(user.roleName)) return { kind: 'pass' };
  if (CHECKED_ROLES.includes(user.roleName)) {
    const complete = user.isProfileCompleted && user.detailsSubmited && user.isVerified;
    return complete ? { kind: 'pass' } : { kind: 'redirect', to: '/register' };
  }
  return { kind: 'redirect', to: '/login' };
}

export function twoFactorGuard(user: UserData, validated: boolean): GuardDecision {
  return user.settings.twoFactor && !validated ? { kind: 'redirect', to: '/verify' } : { kind: 'pass' };
}

/**
 * Passes when no subscription is required, or when freeTrial is 0 and the subscription is
 * active, or freeTrial is above 0 and it is not active (product brief section 2, verbatim rule).
 */
export function subscriptionGuard(user: UserData): GuardDecision {
  if (!user.shouldHaveSubscription) return { kind: 'pass' };
  const ok = (user.freeTrial === 0 && user.subscriptionActive) || (user.freeTrial > 0 && !user.subscriptionActive);
  return ok ? { kind: 'pass' } : { kind: 'redirect', to: '/checkout' };
}

/** Paths a user who fails the subscription guard may still open to fix it. */
const SUBSCRIPTION_EXEMPT = /^\/(checkout|success|settings|profile)(\/|$)/i;

/**
 * The main layout's guard over a set of route rules (src/custom/route-access.ts builds the
 * app's one from the product brief matrix plus the declared resources).
 */
export function makeMainLayoutGuard(canAccessPath: RouteAccess['canAccessPath']) {
  return function mainLayoutGuard({ user, pathname, twoFactorValidated }: GuardInput): GuardDecision {
    const layout = layoutGuard(user);
    if (layout.kind !== 'pass' || !user) return layout;
    const twoFactor = twoFactorGuard(user, twoFactorValidated);
    if (twoFactor.kind !== 'pass') return twoFactor;
    if (!SUBSCRIPTION_EXEMPT.test(pathname)) {
      const sub = subscriptionGuard(user);
      if (sub.kind !== 'pass') return sub;
    }
    return canAccessPath(user.roleName, pathname, user.privileges)
      ? { kind: 'pass' }
      : { kind: 'redirect', to: '/dashboards' };
  };
}
