import { Route } from 'react-router';
import { MAIN_ROUTE_RULES } from '../route-access';
import { routeShape } from '../../resources/route-rules';
import { ResourceScreen } from '../../resources/engine/screens';
import NotBuiltYet from './NotBuiltYet';
import { pageTitleKey } from './page-key';
import { PAGE_MAP, RESOURCE_SCREENS, pageFor } from './built-pages';
import { useSession } from '../../providers/use-session';

/**
 * An area's page (the one for the user's role), else a declared resource's screen, else the 'not
 * built yet' state. A resource's screen serves only the roles its access gives that screen, so a
 * brief path shared by roles (ticket_management: a fleet manager's service tickets, IT's support
 * desk) can be a resource for some and an area's page — or 'not built yet' — for the others.
 */
function RoutePage({ path }: { path: string }) {
  const role = useSession()?.userData?.roleName;
  const Page = pageFor(path, role);
  if (Page) return <Page />;
  const screen = RESOURCE_SCREENS.get(routeShape(path));
  if (screen && role && screen.roles.includes(role))
    return <ResourceScreen resource={screen.declaration} kind={screen.kind} />;
  return <NotBuiltYet titleKey={pageTitleKey(path)} />;
}

/**
 * One route per rule of the access matrix (the brief's ROUTE_RULES, the areas' own routes and the
 * declared resources' routes), so the matrix stays the one source of truth: a path added there appears here,
 * guarded, with at least its 'not built yet' state. A resource screen is routed with its own
 * path so its `:id` parameter has the name the engine reads.
 */
export const mainLayoutRoutes = MAIN_ROUTE_RULES.map((rule) => {
  if (rule.path === '') return <Route key="(home)" index element={<RoutePage path="" />} />;
  const screen = PAGE_MAP.has(rule.path) ? undefined : RESOURCE_SCREENS.get(routeShape(rule.path));
  return <Route key={rule.path} path={screen?.path ?? rule.path} element={<RoutePage path={rule.path} />} />;
});
