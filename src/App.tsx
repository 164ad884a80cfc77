import { lazy, Suspense, useState } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { ToastHost } from './providers/notification/ToastHost';
import { AntdConfig } from './providers/theme/AntdConfig';
import { ThemeModeProvider } from './providers/theme/ThemeModeProvider';
import { useSession } from './providers/use-session';
import { ErrorBoundary } from './custom/errors';
import { LoggedOutRoutes } from './custom/auth';
import { loadLoggedInApp, ScrollRestoration, useSessionNavigation } from './custom/routes';
import { createHeldHistory } from './ui/shell/held-history';

const LoggedInApp = lazy(loadLoggedInApp);

/** Signed-out visitors get the light logged-out routes; the rest loads after sign-in. */
function SessionRoutes() {
  const session = useSession();
  useSessionNavigation(session);
  return session ? <LoggedInApp /> : <LoggedOutRoutes />;
}

export default function App() {
  // The browser's history, whose Back the unsaved-changes guard can hold (src/ui/shell/held-history.ts);
  // made on the first render, after main.tsx has tidied the address.
  const [history] = useState(createHeldHistory);
  return (
    // The outer Suspense waits for the translations (react-i18next suspends until they load).
    <Suspense fallback={null}>
      <ThemeModeProvider>
        <AntdConfig>
          {/* A pressed link shows the new page's loading state at once (MainLayout's Suspense)
              rather than leaving the old page on screen, with no sign the press was taken, until
              the new page's code arrives (React Router's default runs navigations as transitions). */}
          <HistoryRouter history={history} useTransitions={false}>
            {/* A new page opens at its top; Back and Forward return to where the person had scrolled. */}
            <ScrollRestoration />
            <ErrorBoundary>
              <Suspense fallback={null}>
                <SessionRoutes />
              </Suspense>
            </ErrorBoundary>
          </HistoryRouter>
          <ToastHost />
        </AntdConfig>
      </ThemeModeProvider>
    </Suspense>
  );
}
