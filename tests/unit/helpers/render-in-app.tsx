import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Refine } from '@refinedev/core';
import type { StoredUser } from '../../../src/domain/user';
import { dataProvider } from '../../../src/providers/data-provider';
import { i18nProvider } from '../../../src/providers/i18n/i18n-provider';
import { REACT_QUERY_OPTIONS } from '../../../src/providers/query-options';
import { setStoredUser } from '../../../src/providers/session';
import { ThemeModeProvider } from '../../../src/providers/theme/ThemeModeProvider';
import { storedUser } from './fixtures';

/** Shows where the router is (`screen.getByTestId('where')`), so a test can read the URL a screen navigated to. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export interface RenderInAppOptions {
  /** The route pattern the element answers (e.g. '/contacts/edit/:id'); every path when absent. */
  route?: string;
  /** More screens by their route pattern, for a test that goes from one to another. */
  routes?: Record<string, ReactNode>;
  /** The signed-in user (a fixture user by default). */
  user?: StoredUser;
}

/**
 * The app's query options (which failures are tried again, and how many times) without React
 * Query's wait between tries (1 s, then 2 s): a screen's answer to a server error is what a test
 * reads, and the backoff made such a test wait 3 s of real time whatever the machine's speed.
 */
const TEST_QUERY_OPTIONS = {
  clientConfig: {
    defaultOptions: { queries: { ...REACT_QUERY_OPTIONS.clientConfig.defaultOptions.queries, retryDelay: 0 } },
  },
};

/** The signed-in app's providers around `children`: the theme, a router at `path`, Refine on the real data provider. */
function AppProviders({ path, children }: { path: string; children: ReactNode }) {
  return (
    <ThemeModeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          options={{ disableTelemetry: true, reactQuery: TEST_QUERY_OPTIONS }}
        >
          {children}
        </Refine>
      </MemoryRouter>
    </ThemeModeProvider>
  );
}

/** The same providers as a `wrapper` for renderHook: a hook read as inside the signed-in app. */
export const appWrapper =
  (path = '/') =>
  ({ children }: { children: ReactNode }) => <AppProviders path={path}>{children}</AppProviders>;

/**
 * A screen as the signed-in app draws it: a router at `path`, Refine's data layer on the real data
 * provider (requests go to the test's stubbed fetch), i18n provider and query retries (a 4xx is
 * shown at once, as in LoggedInApp; a 5xx is tried twice more, at once), and the theme.
 * `rerenderApp` draws another element in the same app (its cache and router kept).
 */
export function renderInApp(
  path: string,
  element: ReactNode,
  { route = '*', routes = {}, user = storedUser() }: RenderInAppOptions = {},
) {
  setStoredUser(user);
  const app = (shown: ReactNode) => (
    <AppProviders path={path}>
      <Routes>
        <Route path={route} element={shown} />
        {Object.entries(routes).map(([at, screen]) => (
          <Route key={at} path={at} element={screen} />
        ))}
        {route !== '*' && <Route path="*" element={null} />}
      </Routes>
      <Where />
    </AppProviders>
  );
  const view = render(app(element));
  return { ...view, rerenderApp: (shown: ReactNode) => view.rerender(app(shown)) };
}
