import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { homeFor } from '../route-access';
import { accessControlProvider } from '../../providers/access-control';
import { refreshUserData } from '../../providers/auth/auth-api';
import { authProvider } from '../../providers/auth/auth-provider';
import { dataProvider } from '../../providers/data-provider';
import { i18nProvider } from '../../providers/i18n/i18n-provider';
import { notificationProvider } from '../../providers/notification/notification-provider';
import { REACT_QUERY_OPTIONS } from '../../providers/query-options';
import { useSession, useTwoFactorValidated } from '../../providers/use-session';
import { liveProvider } from '../../providers/live/live-provider';
import { useLiveChannel } from '../../providers/live/use-live-channel';
import { resources } from '../../resources';
import { UnsavedChangesGuard } from '../../ui/shell/UnsavedChangesGuard';
import { GuardedMainLayout } from './GuardedMainLayout';
import { mainLayoutRoutes } from './main-routes';
import { PUBLIC_ROUTES } from '../areas';
import { NotFoundPage, RegisterPage, VerifyPage } from '../pages';

/** Logged-out screens (LoggedOutRoutes) a signed-in browser may still be on, e.g. right after signing in. */
const SIGNED_OUT_PATHS = ['/login', '/forgot-password', '/recovery-password', '/email-verified', '/member-activation'];

function RoleHome() {
  const user = useSession()?.userData;
  return <Navigate to={user ? homeFor(user) : '/login'} replace />;
}

/**
 * Everything after sign-in, loaded as its own chunk: Refine (~57 KB gzip) and the layout are
 * not needed to show the login page.
 */
export default function LoggedInApp() {
  // The live channel is open on every signed-in screen (the roles of live-roles.ts) — also /register,
  // where a user waits for the AccountVerified that lets them in — but not before two-factor:
  // the server refuses that session until /verify passes.
  const user = useSession()?.userData;
  const twoFactorValidated = useTwoFactorValidated();
  useLiveChannel(user && (!user.settings.twoFactor || twoFactorValidated) ? user : null);
  // Flags such as isVerified or subscriptionActive may have changed since the user signed in.
  useEffect(() => {
    refreshUserData().catch(() => undefined);
  }, []);

  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      liveProvider={liveProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        syncWithLocation: true,
        // Open lists and pages re-read when the hub says their resource changed (live-provider.ts).
        liveMode: 'auto',
        reactQuery: REACT_QUERY_OPTIONS,
      }}
    >
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/dashboards" element={<RoleHome />} />
        {PUBLIC_ROUTES.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="/404" element={<NotFoundPage />} />
        <Route element={<GuardedMainLayout />}>{mainLayoutRoutes}</Route>
        {/* The sign-in screens have nothing to show a signed-in user: on to their home. */}
        {SIGNED_OUT_PATHS.map((path) => (
          <Route key={path} path={path} element={<Navigate to="/dashboards" replace />} />
        ))}
        {/* Any other path is not a page of the app: say so, rather than land somewhere unasked. */}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {/* Asks before unsaved work is left (src/ui/forms/unsaved-changes.ts says what is unsaved). */}
      <UnsavedChangesGuard />
    </Refine>
  );
}
