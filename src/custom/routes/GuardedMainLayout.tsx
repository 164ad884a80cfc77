import { Navigate, useLocation } from 'react-router';
import { homeFor, mainLayoutGuard } from './route-access';
import { useSession, useTwoFactorValidated } from '../../providers/use-session';
import { MainLayout } from '../layout/MainLayout';

/**
 * Applies src/domain/guards.ts to every main-layout route. The guard's '/dashboards' means
 * "not for this role", answered with the role's home.
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
    if (to === '/dashboards' && user) return <Navigate to={homeFor(user)} replace />;
    // Checkout opens with the plan to pay for (product brief section 2).
    return <Navigate to={to} replace state={to === '/checkout' ? { plan: user?.plan ?? null } : undefined} />;
  }
  return <MainLayout user={user} />;
}
