import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homeFor, mainLayoutGuard } from '../route-access';
import { useSession, useTwoFactorValidated } from '../../providers/use-session';
import { showToast } from '../../providers/notification/toast-bus';
import { MainLayout } from '../layout';

/**
 * The product brief sends a role away from a page it may not open to its home; said in a short
 * notice, so the user knows why they are not where they asked to go. '/' is not a refusal: it
 * is where everyone lands, and the role's home is simply elsewhere for some roles.
 */
function RefusedRedirect({ to, notify }: { to: string; notify: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    // One key: a double render (StrictMode) or a second refusal replaces the notice.
    if (notify)
      showToast({ kind: 'message', type: 'warning', content: t('errors.accessDenied'), key: 'access-denied' });
  }, [notify, t]);
  return <Navigate to={to} replace />;
}

/**
 * Applies src/domain/guards.ts to every main-layout route. The guard's '/dashboards' means
 * "not for this role", answered with the role's home and a notice.
 */
export function GuardedMainLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const user = session?.userData ?? null;
  // Subscribed, so a 403 from the server's two-factor gate (which clears the cookie) re-routes.
  const twoFactorValidated = useTwoFactorValidated();
  const decision = mainLayoutGuard({ user, pathname, twoFactorValidated });

  if (decision.kind === 'redirect' || !user) {
    const to = decision.kind === 'redirect' ? decision.to : '/login';
    if (to === '/dashboards' && user) return <RefusedRedirect to={homeFor(user)} notify={pathname !== '/'} />;
    // Checkout opens with the plan to pay for (product brief section 2).
    return <Navigate to={to} replace state={to === '/checkout' ? { plan: user?.plan ?? null } : undefined} />;
  }
  return <MainLayout user={user} />;
}
