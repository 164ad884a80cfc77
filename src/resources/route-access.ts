/**
 * The app's one set of main-layout route rules: the spec's matrix (src/domain/access.ts) plus
 * the declared resources' list / create / edit / show routes (route-rules.ts). A spec path keeps
 * its spec roles; a unit test checks that the declarations agree with them. The guards, the
 * access-control provider, the sidebar and the router all read these.
 */
import { ROUTE_RULES, routeAccess, type RouteRule } from '../domain/access';
import { makeMainLayoutGuard } from '../domain/guards';
import { RESOURCES } from './registry';
import { resourceRoutes, routeShape } from './route-rules';

export const MAIN_ROUTE_RULES: readonly RouteRule[] = [
  ...ROUTE_RULES,
  ...resourceRoutes(RESOURCES).filter(
    (route) => !ROUTE_RULES.some((rule) => routeShape(rule.path) === routeShape(route.path)),
  ),
];

export const { findRouteRule, canAccessPath, homeFor } = routeAccess(MAIN_ROUTE_RULES);

export const mainLayoutGuard = makeMainLayoutGuard(canAccessPath);
