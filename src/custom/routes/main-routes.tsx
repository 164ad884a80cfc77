import { Route } from 'react-router';
import { ROUTE_RULES } from '../../domain/access';
import NotBuiltYet from '../pages/NotBuiltYet';
import { pageTitleKey } from './page-key';
import { PAGE_MAP } from './page-map';

function RoutePage({ path }: { path: string }) {
  const Page = PAGE_MAP[path];
  return Page ? <Page /> : <NotBuiltYet titleKey={pageTitleKey(path)} />;
}

/**
 * One route per ROUTE_RULES entry, so the access matrix stays the one source of truth: a path
 * added there appears here, guarded, with at least its 'not built yet' state.
 */
export const mainLayoutRoutes = ROUTE_RULES.map((rule) =>
  rule.path === '' ? (
    <Route key="(home)" index element={<RoutePage path="" />} />
  ) : (
    <Route key={rule.path} path={rule.path} element={<RoutePage path={rule.path} />} />
  ),
);
